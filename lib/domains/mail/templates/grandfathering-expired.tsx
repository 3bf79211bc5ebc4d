import { mailLink } from "../mail-links";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, formatDate, hubUrl, P, type Copy } from "./parts";

export interface GrandfatheringExpiredMailProps {
  language: MailLanguage;
  /** The last day of the previous terms (`grandfathered_until`). */
  grandfatheredUntil: Date;
}

const COPY: Copy<{ subject: string; intro: (date: string) => string; next: string; action: string }> = {
  de: {
    subject: "Ihre bisherigen Konditionen sind ausgelaufen",
    intro: (date) => `Ihre Vereinbarung zu den bisherigen Konditionen galt bis zum ${date}. Sie ist nun beendet.`,
    next: "Um weiterhin Pressemitteilungen zu veröffentlichen, wählen Sie bitte im Kundenbereich einen unserer aktuellen Tarife.",
    action: "Zum Kundenbereich",
  },
  en: {
    subject: "Your previous terms have ended",
    intro: (date) => `Your agreement on the previous terms ran until ${date}. It has now ended.`,
    next: "To keep publishing press releases, please choose one of our current plans in your account.",
    action: "Go to your account",
  },
};

/** `GrandfatheringExpired` (spec 3.1): one mail per customer when the previous terms end. */
export async function grandfatheringExpiredMail(props: GrandfatheringExpiredMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(formatDate(props.grandfatheredUntil, props.language));
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      <P>{t.next}</P>
      <Action href={mailLink(hubUrl("/dashboard"), { src: "grandfathering_expired" })}>{t.action}</Action>
    </MailLayout>,
  );
}
