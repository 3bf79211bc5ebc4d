import { mailLink } from "../mail-links";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, footerUnsubscribeUrl, P, type Copy } from "./parts";

export interface ReleaseCorrectedMailProps {
  /** The recipient's address: the footer's unsubscribe link is signed for it. */
  to: string;
  language: MailLanguage;
  releaseId: number;
  title: string;
  publicUrl: string;
  /** What was corrected, in the words of whoever corrected it. */
  note?: string | null;
}

const COPY: Copy<{ subject: (title: string) => string; intro: (title: string) => string; note: string; view: string }> = {
  de: {
    subject: (title) => `Korrigiert: ${title}`,
    intro: (title) =>
      `Ihre veröffentlichte Pressemitteilung „${title}“ wurde korrigiert. Die Seite zeigt ab sofort die korrigierte Fassung.`,
    note: "Hinweis zur Korrektur:",
    view: "Korrigierte Meldung ansehen",
  },
  en: {
    subject: (title) => `Corrected: ${title}`,
    intro: (title) => `Your published press release "${title}" was corrected. Its page now shows the corrected version.`,
    note: "About the correction:",
    view: "View the corrected release",
  },
};

/** `press_release_corrected` (spec 6.3): a published release was corrected; the recipient may opt out. */
export async function releaseCorrectedMail(props: ReleaseCorrectedMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(props.title);
  return renderMail(
    t.subject(props.title),
    <MailLayout language={props.language} preview={intro} unsubscribeUrl={footerUnsubscribeUrl("press_release_corrected", props.to)}>
      <P>{intro}</P>
      {props.note ? <P>{`${t.note} ${props.note}`}</P> : null}
      <Action href={mailLink(props.publicUrl, { src: "press_release_corrected", releaseId: props.releaseId })}>{t.view}</Action>
    </MailLayout>,
  );
}
