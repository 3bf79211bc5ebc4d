import { Link } from "@react-email/components";
import { mailLink } from "../mail-links";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, footerUnsubscribeUrl, hubUrl, Items, P, type Copy } from "./parts";

// Both mails go out as mail type "rejected", so the author may opt out of them (spec 6.3) and
// the footer offers it.

const COMMON: Copy<{ edit: string; guidelines: string }> = {
  de: { edit: "Meldung bearbeiten", guidelines: "Unsere Qualitätsrichtlinien" },
  en: { edit: "Edit the release", guidelines: "Our quality guidelines" },
};

interface ReleaseMailBase {
  /** The recipient's address: the footer's unsubscribe link is signed for it. */
  to: string;
  title: string;
  releaseId: number;
  language: MailLanguage;
}

async function compose(props: ReleaseMailBase, subject: string, intro: string, items: string[], closing: string): Promise<RenderedMail> {
  const t = COMMON[props.language];
  const link = (path: string) => mailLink(hubUrl(path), { src: "rejected", releaseId: props.releaseId });
  return renderMail(
    subject,
    <MailLayout language={props.language} preview={intro} unsubscribeUrl={footerUnsubscribeUrl("rejected", props.to)}>
      <P>{intro}</P>
      <Items items={items} />
      <P>{closing}</P>
      <Action href={link(`/dashboard/releases/${props.releaseId}`)}>{t.edit}</Action>
      <P>
        <Link href={link("/quality")}>{t.guidelines}</Link>
      </P>
    </MailLayout>,
  );
}

const REJECTED: Copy<{
  subject: (title: string) => string;
  intro: (title: string) => string;
  attempt: (n: number, max: number) => string;
}> = {
  de: {
    subject: (title) => `Pressemitteilung nicht veröffentlicht: ${title}`,
    intro: (title) => `Ihre Pressemitteilung „${title}“ wurde bei der automatischen Prüfung abgelehnt.`,
    attempt: (n, max) => `Prüfung ${n} von ${max}. Nach einer Überarbeitung können Sie die Meldung erneut einreichen.`,
  },
  en: {
    subject: (title) => `Press release not published: ${title}`,
    intro: (title) => `Your press release "${title}" did not pass the automatic check.`,
    attempt: (n, max) => `Check ${n} of ${max}. You can submit the release again after revising it.`,
  },
};

/** The rejection mail: reasons, the attempt counter and a link to the quality page (spec 3.1). */
export async function rejectionMail(
  props: ReleaseMailBase & { attempt: number; maxAttempts: number; reasons: { message: string }[] },
): Promise<RenderedMail> {
  const t = REJECTED[props.language];
  return compose(
    props,
    t.subject(props.title),
    t.intro(props.title),
    props.reasons.map((r) => r.message),
    t.attempt(props.attempt, props.maxAttempts),
  );
}

const RETURNED: Copy<{ subject: (title: string) => string; intro: (title: string) => string; closing: string }> = {
  de: {
    subject: (title) => `Rückfrage zu Ihrer Pressemitteilung: ${title}`,
    intro: (title) => `Unsere Redaktion hat Ihre Pressemitteilung „${title}“ mit einem Kommentar zurückgegeben.`,
    closing: "Nach Ihrer Überarbeitung prüft ein Mensch die Meldung erneut.",
  },
  en: {
    subject: (title) => `Your press release needs changes: ${title}`,
    intro: (title) => `Our editors returned your press release "${title}" with a comment.`,
    closing: "After you revise it, a person will check it again.",
  },
};

/** A release an editor returned with a comment. */
export async function returnedMail(props: ReleaseMailBase & { comment: string }): Promise<RenderedMail> {
  const t = RETURNED[props.language];
  return compose(props, t.subject(props.title), t.intro(props.title), [props.comment], t.closing);
}
