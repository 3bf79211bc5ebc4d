import type { LegalRequestTrack } from "@/lib/generated/prisma/client";
import { mailLink } from "../mail-links";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, P, type Copy } from "./parts";

export interface LegalRequestExecutedMailProps {
  language: MailLanguage;
  /** The request's public reference, as in its receipt. */
  reference: string;
  track: LegalRequestTrack;
  releaseId?: number | null;
  releaseTitle?: string | null;
  /** The release page, only while it is still public (not after a depublication). */
  publicUrl?: string | null;
  /** The decision note for the requester, if the editor left one. */
  note?: string | null;
}

const COPY: Copy<{
  request: Record<LegalRequestTrack, string>;
  subject: (reference: string) => string;
  intro: (request: string, title: string | null) => string;
  note: string;
  view: string;
}> = {
  de: {
    request: {
      correction: "Ihr Antrag auf Berichtigung",
      change: "Ihr Antrag auf Änderung",
      redaction: "Ihr Antrag auf Schwärzung",
      depublication: "Ihr Antrag auf Depublizierung",
      report: "Ihre Meldung",
      dsgvo: "Ihre Datenschutzanfrage",
      personal_rights: "Ihre Anfrage zu Persönlichkeitsrechten",
    },
    subject: (reference) => `Ihr Antrag wurde umgesetzt (Vorgang ${reference})`,
    intro: (request, title) => `${request}${title ? ` zur Pressemitteilung „${title}“` : ""} wurde umgesetzt.`,
    note: "Anmerkung der Redaktion:",
    view: "Pressemitteilung ansehen",
  },
  en: {
    request: {
      correction: "Your correction request",
      change: "Your change request",
      redaction: "Your redaction request",
      depublication: "Your depublication request",
      report: "Your report",
      dsgvo: "Your data protection request",
      personal_rights: "Your personal-rights request",
    },
    subject: (reference) => `Your request has been carried out (case ${reference})`,
    intro: (request, title) => `${request}${title ? ` concerning the press release "${title}"` : ""} has been carried out.`,
    note: "Note from our editors:",
    view: "View the press release",
  },
};

/** `LegalRequestExecuted` (spec 4.4, 6.3): to whoever filed the request, once it is carried out. */
export async function legalRequestExecutedMail(props: LegalRequestExecutedMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(t.request[props.track], props.releaseTitle ?? null);
  return renderMail(
    t.subject(props.reference),
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      {props.note ? <P>{`${t.note} ${props.note}`}</P> : null}
      {props.publicUrl ? (
        <Action href={mailLink(props.publicUrl, { src: "legal_request_executed", releaseId: props.releaseId ?? null })}>{t.view}</Action>
      ) : null}
    </MailLayout>,
  );
}
