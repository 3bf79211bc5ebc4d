import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, formatDateTime, P, type Copy } from "./parts";

export interface ImageConfirmationMailProps {
  language: MailLanguage;
  releaseTitle: string;
  /** The token URL of the image's confirmation page; used as given. */
  url: string;
  expiresAt: Date;
}

const COPY: Copy<{ subject: string; intro: (title: string) => string; link: (until: string) => string; action: string; ignore: string }> = {
  de: {
    subject: "Bitte bestätigen Sie die Bildrechte",
    intro: (title) => `Für die Bilder Ihrer Pressemitteilung „${title}“ fehlt noch Ihre Bestätigung der Bildrechte.`,
    link: (until) =>
      `Mit diesem Link bestätigen Sie die Rechte an diesem Bild; angemeldet werden Sie damit nicht. Er gilt bis zum ${until} und nur einmal.`,
    action: "Bildrechte bestätigen",
    ignore:
      "Sie haben diese Meldung nicht eingereicht? Dann ignorieren Sie diese Nachricht; ohne Ihre Bestätigung erscheint das Bild nicht.",
  },
  en: {
    subject: "Please confirm the image rights",
    intro: (title) => `We still need your confirmation of the image rights for the images of your press release "${title}".`,
    link: (until) => `This link confirms the rights to this image; it does not sign you in. It works once, until ${until}.`,
    action: "Confirm image rights",
    ignore: "Did not submit this release? Ignore this message; without your confirmation the image does not appear.",
  },
};

/** Customer image confirmation by link (spec 6.3): the link confirms one image and signs nobody in. */
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
