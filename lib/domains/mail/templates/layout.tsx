import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

export type MailLanguage = "de" | "en";

const FOOTER = {
  de: { service: "Pressdesk – Pressemitteilungen für Redaktionen", unsubscribe: "Diese Art E-Mail abbestellen" },
  en: { service: "Pressdesk – press releases for newsrooms", unsubscribe: "Unsubscribe from this kind of e-mail" },
} as const;

const body = {
  backgroundColor: "#f4f5f7",
  fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  margin: 0,
  padding: "24px 0",
};
const card = { backgroundColor: "#ffffff", borderRadius: "8px", margin: "0 auto", maxWidth: "560px", padding: "32px" };
const brand = { color: "#1a3a6b", fontSize: "18px", fontWeight: 700, margin: "0 0 24px" };
const footer = { color: "#6b7280", fontSize: "12px", lineHeight: "18px", margin: "0" };

/** The frame of every mail: brand line, content, footer (with the unsubscribe link where one applies). */
export function MailLayout(props: { language: MailLanguage; preview: string; unsubscribeUrl?: string; children: ReactNode }) {
  const f = FOOTER[props.language];
  return (
    <Html lang={props.language}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Text style={brand} data-skip-in-text="true">
            Pressdesk
          </Text>
          <Section>{props.children}</Section>
          <Hr style={{ borderColor: "#e5e7eb", margin: "32px 0 16px" }} />
          <Text style={footer}>{f.service}</Text>
          {props.unsubscribeUrl ? (
            <Text style={footer}>
              <Link href={props.unsubscribeUrl} style={{ color: "#6b7280", textDecoration: "underline" }}>
                {f.unsubscribe}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { color: "#111827", fontSize: "15px", lineHeight: "24px", margin: "0 0 16px" };
export const button = {
  backgroundColor: "#1a3a6b",
  borderRadius: "6px",
  color: "#ffffff",
  display: "inline-block",
  fontSize: "15px",
  fontWeight: 600,
  padding: "12px 20px",
  textDecoration: "none",
};
