import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, formatDateTime, P, type Copy } from "./parts";
import { plainName } from "./registration";

export interface ReleasePreviewMailProps {
  language: MailLanguage;
  /** The recipient as the sender typed them in; only the plain part is repeated. */
  recipientName: string;
  newsroomName: string;
  releaseTitle: string;
  /** The preview's token URL (/vorschau/<token>), used exactly as given. */
  url: string;
  /** The publication time; null while the release is still in review and has none. */
  embargoAt: Date | null;
  /** The end the sender set, if any. */
  expiresAt: Date | null;
}

const COPY: Copy<{
  subject: (title: string) => string;
  greeting: (name: string) => string;
  intro: (newsroom: string, title: string) => string;
  embargo: (at: string) => string;
  noDate: string;
  personal: string;
  until: (at: string) => string;
  action: string;
}> = {
  de: {
    subject: (title) => `Vertrauliche Vorschau: „${title}“`,
    greeting: (name) => (name ? `Guten Tag ${name},` : "Guten Tag,"),
    intro: (newsroom, title) =>
      `${newsroom ? `der Newsroom „${newsroom}“` : "ein Newsroom"} gibt Ihnen die Pressemitteilung „${title}“ vor ihrer Veröffentlichung zu lesen.`,
    embargo: (at) => `Sperrfrist: ${at}. Bitte nicht vor diesem Zeitpunkt veröffentlichen.`,
    noDate:
      "Sperrfrist: Die Pressemitteilung ist noch nicht zur Veröffentlichung freigegeben, ein Zeitpunkt steht noch nicht fest. Bitte nicht veröffentlichen, bevor sie erschienen ist.",
    personal:
      "Der Link ist persönlich: Die Vorschau nennt Sie als Empfängerin oder Empfänger. Bitte geben Sie ihn nicht weiter. Nach der Veröffentlichung führt er zur öffentlichen Seite.",
    until: (at) => `Der Link gilt bis zum ${at}.`,
    action: "Vorschau öffnen",
  },
  en: {
    subject: (title) => `Confidential preview: "${title}"`,
    greeting: (name) => (name ? `Dear ${name},` : "Hello,"),
    intro: (newsroom, title) =>
      `${newsroom ? `The newsroom "${newsroom}"` : "A newsroom"} shares the press release "${title}" with you before its publication.`,
    embargo: (at) => `Embargo: ${at}. Please do not publish before this time.`,
    noDate:
      "Embargo: the press release is not yet released for publication and has no date yet. Please do not publish before it has appeared.",
    personal:
      "This link is personal: the preview names you as its recipient. Please do not pass it on. After the publication it leads to the public page.",
    until: (at) => `The link works until ${at}.`,
    action: "Open the preview",
  },
};

/**
 * An embargoed preview for a journalist (docs/previews.md): who shares which release, the
 * embargo in Berlin time, that the link is personal, and the link itself, exactly as made.
 */
export async function releasePreviewMail(props: ReleasePreviewMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const embargo = props.embargoAt ? t.embargo(formatDateTime(props.embargoAt, props.language)) : t.noDate;
  const intro = t.intro(plainName(props.newsroomName), props.releaseTitle);
  return renderMail(
    t.subject(props.releaseTitle),
    <MailLayout language={props.language} preview={embargo}>
      <P>{t.greeting(plainName(props.recipientName))}</P>
      <P>{intro}</P>
      <P>
        <strong>{embargo}</strong>
      </P>
      <Action href={props.url}>{t.action}</Action>
      <P>{t.personal}</P>
      {props.expiresAt ? <P>{t.until(formatDateTime(props.expiresAt, props.language))}</P> : null}
    </MailLayout>,
  );
}
