import type { LegalRequestTrack } from "@/lib/generated/prisma/client";
import { TRACK_LABELS } from "@/lib/domains/legal-terms/request-labels";
import { mailLink } from "../mail-links";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, hubUrl, P, type Copy } from "./parts";
import { plainName } from "./registration";

export interface LegalRequestReceivedMailProps {
  language: MailLanguage;
  /** The request's public reference (never its id: the id tells how many came before). */
  reference: string;
  track: LegalRequestTrack;
  /** The requester's name as typed; only its plain part is repeated. */
  name: string;
  /** A customer's request: the dashboard list is one click away. A stranger's gets no link at all. */
  viaDashboard: boolean;
}

const COPY: Copy<{
  subject: (reference: string) => string;
  hello: (name: string) => string;
  intro: (kind: string) => string;
  next: string;
  reference: (reference: string) => string;
  view: string;
  notYou: string;
}> = {
  de: {
    subject: (reference) => `Ihr Anliegen ist eingegangen (Vorgang ${reference})`,
    hello: (name) => (name ? `Hallo ${name},` : "Guten Tag,"),
    intro: (kind) =>
      `Ihr Anliegen (${kind}) ist bei uns eingegangen. Die Redaktion prüft es und schreibt Ihnen an diese Adresse, sobald sie entschieden hat.`,
    next: "Den Inhalt Ihrer Angaben wiederholen wir hier nicht; sie liegen bei uns vor.",
    reference: (reference) => `Bitte nennen Sie bei Rückfragen die Vorgangsnummer ${reference}.`,
    view: "Anliegen im Kundenbereich ansehen",
    notYou: "Sie haben nichts eingereicht? Dann hat jemand Ihre Adresse angegeben. Sie müssen nichts tun.",
  },
  en: {
    subject: (reference) => `We have received your request (case ${reference})`,
    hello: (name) => (name ? `Hello ${name},` : "Hello,"),
    intro: (kind) =>
      `We have received your request (${kind}). Our editors will review it and write to you at this address once they have decided.`,
    next: "We do not repeat what you wrote here; we have it on file.",
    reference: (reference) => `Please quote case number ${reference} in any enquiry.`,
    view: "View the request in your account",
    notYou: "Did not file anything? Then someone entered your address. You need not do anything.",
  },
};

/**
 * The receipt of a legal request (spec 4.4): that it arrived, its case number, what happens next.
 * It goes to an address the requester typed in, so it repeats nothing they wrote but the plain
 * part of their name, and a stranger's receipt carries no link.
 */
export async function legalRequestReceivedMail(props: LegalRequestReceivedMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(TRACK_LABELS[props.language][props.track]);
  return renderMail(
    t.subject(props.reference),
    <MailLayout language={props.language} preview={intro}>
      <P>{t.hello(plainName(props.name))}</P>
      <P>{intro}</P>
      <P>{t.next}</P>
      <P>{t.reference(props.reference)}</P>
      {props.viaDashboard ? (
        <Action href={mailLink(hubUrl("/dashboard/legal-requests"), { src: "legal_request_received" })}>{t.view}</Action>
      ) : (
        <P>{t.notYou}</P>
      )}
    </MailLayout>,
  );
}
