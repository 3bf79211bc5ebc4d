import { mailLink } from "../mail-links";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, P, type Copy } from "./parts";

export interface ChangeAppliedMailProps {
  language: MailLanguage;
  releaseId: number;
  title: string;
  publicUrl: string;
}

const COPY: Copy<{ subject: (title: string) => string; intro: (title: string) => string; once: string; view: string }> = {
  de: {
    subject: (title) => `Ihre Änderung ist online: ${title}`,
    intro: (title) => `Vielen Dank für Ihre Zahlung. Die geprüfte Änderung Ihrer Pressemitteilung „${title}“ ist jetzt veröffentlicht.`,
    once: "Eine kostenpflichtige Änderung ist je Pressemitteilung einmal möglich; für diese Meldung ist sie damit verbraucht.",
    view: "Geänderte Meldung ansehen",
  },
  en: {
    subject: (title) => `Your change is live: ${title}`,
    intro: (title) => `Thank you for your payment. The checked change to your press release "${title}" is now published.`,
    once: "A paid change is possible once per press release; this release has now used it.",
    view: "View the changed release",
  },
};

/** `PressReleaseChangeApplied` (spec 4.5, 6.3): the paid change went live after the payment. */
export async function changeAppliedMail(props: ChangeAppliedMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(props.title);
  return renderMail(
    t.subject(props.title),
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      <Action href={mailLink(props.publicUrl, { src: "press_release_change_applied", releaseId: props.releaseId })}>{t.view}</Action>
      <P>{t.once}</P>
    </MailLayout>,
  );
}
