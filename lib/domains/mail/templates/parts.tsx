import { Button, Link, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { unsubscribeScopeOf, type MailType } from "../mail-types";
import { unsubscribeUrl } from "../unsubscribe-token";
import { button, paragraph, type MailLanguage } from "./layout";

// The few building blocks the templates share, so every mail reads and looks the same.

/** Wording of one template in both languages; the compiler insists on both. */
export type Copy<T> = Record<MailLanguage, T>;

export function P(props: { children: ReactNode }) {
  return <Text style={paragraph}>{props.children}</Text>;
}

/** The main action as a button; the plain-text part shows its label followed by the address. */
export function Action(props: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button href={props.href} style={button}>
        {props.children}
      </Button>
    </Section>
  );
}

/** An address written out in full: the plain-text part shows it once, verbatim, on its own line. */
export function UrlLine(props: { href: string }) {
  return (
    <Text style={paragraph}>
      <Link href={props.href}>{props.href}</Link>
    </Text>
  );
}

export function Items(props: { items: string[] }) {
  return (
    <ul style={{ ...paragraph, paddingLeft: "20px" }}>
      {props.items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

export { hubUrl } from "@/lib/domains/sites/urls";

/**
 * The footer's unsubscribe link for mail a recipient may opt out of (spec 6.3), read from the
 * mail-type table so a template cannot forget it or offer it where it does not apply.
 */
export function footerUnsubscribeUrl(mailType: MailType, recipient: string): string | undefined {
  const scope = unsubscribeScopeOf(mailType);
  return scope ? unsubscribeUrl(recipient, scope) : undefined;
}

const INTL_LOCALE: Copy<string> = { de: "de-DE", en: "en-GB" };

/** A calendar day as the recipient reads it; days end in Berlin, where the service keeps its books. */
export function formatDate(date: Date, language: MailLanguage): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: "long", timeZone: "Europe/Berlin" }).format(date);
}

/** A moment as the recipient reads it, in Berlin time (named, since readers may be elsewhere). */
export function formatDateTime(date: Date, language: MailLanguage): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Berlin",
    timeZoneName: "short",
  }).format(date);
}

export function formatMoney(cents: number, currency: string, language: MailLanguage): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: "currency", currency }).format(cents / 100);
}
