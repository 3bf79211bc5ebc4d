import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, formatDateTime, P, type Copy } from "./parts";

export interface ImageConfirmationMailProps {
  language: MailLanguage;
  releaseTitle: string;
  /** A login-link token URL whose purpose leads to the image-rights confirmation; used as given. */
  url: string;
  expiresAt: Date;
}

const COPY: Copy<{ subject: string; intro: (title: string) => string; link: (until: string) => string; action: string; ignore: string }> = {
  de: {
    subject: "Bitte bestätigen Sie die Bildrechte",
    intro: (title) => `Für die Bilder Ihrer Pressemitteilung „${title}“ fehlt noch Ihre Bestätigung der Bildrechte.`,
    link: (until) => `Mit diesem Link melden Sie sich an und gelangen direkt zur Bestätigung. Er gilt bis zum ${until} und nur einmal.`,
    action: "Bildrechte bestätigen",
    ignore: "Sie haben diese Meldung nicht eingereicht? Dann ignorieren Sie diese Nachricht; ohne den Link meldet sich niemand an.",
  },
  en: {
    subject: "Please confirm the image rights",
    intro: (title) => `We still need your confirmation of the image rights for the images of your press release "${title}".`,
    link: (until) => `This link signs you in and takes you straight to the confirmation. It works once, until ${until}.`,
    action: "Confirm image rights",
    ignore: "Did not submit this release? Ignore this message; nobody can sign in without the link.",
  },
};

/** Customer image confirmation by login link (spec 6.3). */
export async function imageConfirmationMail(props: ImageConfirmationMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(props.releaseTitle);
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      <P>{t.link(formatDateTime(props.expiresAt, props.language))}</P>
      <Action href={props.url}>{t.action}</Action>
      <P>{t.ignore}</P>
    </MailLayout>,
  );
}
