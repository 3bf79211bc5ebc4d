import { mailLink } from "../mail-links";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, hubUrl, Items, P, type Copy } from "./parts";

export interface ReviewBlockedMailProps {
  language: MailLanguage;
  releaseId: number;
  title: string;
  attempt: number;
  maxAttempts: number;
  reasons: { message: string }[];
}

const COPY: Copy<{
  subject: (title: string) => string;
  intro: (title: string, n: number, max: number) => string;
  reasons: string;
  next: string;
  view: string;
}> = {
  de: {
    subject: (title) => `Ihre Pressemitteilung wird von Hand geprüft: ${title}`,
    intro: (title, n, max) =>
      `Ihre Pressemitteilung „${title}“ hat auch die letzte automatische Prüfung (${n} von ${max}) nicht bestanden.`,
    reasons: "Beanstandet wurde:",
    next: "Die Meldung bleibt in Prüfung. Unsere Redaktion sieht sie sich persönlich an und gibt sie frei oder schickt sie Ihnen mit einem Kommentar zurück. Sie müssen dafür nichts tun; wir benachrichtigen Sie per E-Mail.",
    view: "Meldung ansehen",
  },
  en: {
    subject: (title) => `Your press release will be checked by hand: ${title}`,
    intro: (title, n, max) => `Your press release "${title}" did not pass the last automatic check either (${n} of ${max}).`,
    reasons: "The check found:",
    next: "The release stays in review. Our editors will look at it in person and either publish it or return it to you with a comment. You need not do anything; we will let you know by e-mail.",
    view: "View the release",
  },
};

/** The blocked-review notice (spec 3.1, last allowed red): a person decides from here on. */
export async function reviewBlockedMail(props: ReviewBlockedMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(props.title, props.attempt, props.maxAttempts);
  return renderMail(
    t.subject(props.title),
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      {props.reasons.length ? <P>{t.reasons}</P> : null}
      {props.reasons.length ? <Items items={props.reasons.map((r) => r.message)} /> : null}
      <P>{t.next}</P>
      <Action href={mailLink(hubUrl(`/dashboard/releases/${props.releaseId}`), { src: "review_blocked", releaseId: props.releaseId })}>
        {t.view}
      </Action>
    </MailLayout>,
  );
}
