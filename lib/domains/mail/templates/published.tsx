import { Link } from "@react-email/components";
import { mailLink } from "../mail-links";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, footerUnsubscribeUrl, P, type Copy } from "./parts";

export interface PublishedMailProps {
  /** The author's address: the footer's unsubscribe link is signed for it. */
  to: string;
  language: MailLanguage;
  releaseId: number;
  title: string;
  /** The release's public page on its portal. */
  publicUrl: string;
  /** Arrived through the API (v1 or legacy): gets the paragraph on first source and copy (spec 8). */
  arrivedByApi: boolean;
  /** Set when this publication is the copy: the first source it points to. */
  firstSource?: { releaseId: number; url: string } | null;
}

const COPY: Copy<{
  subject: (title: string) => string;
  intro: (title: string) => string;
  view: string;
  firstSource: string;
  isCopy: string;
  firstSourceLink: string;
}> = {
  de: {
    subject: (title) => `Veröffentlicht: ${title}`,
    intro: (title) => `Ihre Pressemitteilung „${title}“ ist jetzt veröffentlicht.`,
    view: "Meldung ansehen",
    firstSource:
      "Sie haben diese Meldung über die API eingereicht. Erscheint derselbe Text auf beiden Portalen, gilt die zuerst veröffentlichte Fassung als Erstquelle. Die spätere Fassung ist eine Kopie und verweist mit einer Canonical-Angabe auf die Erstquelle. So erkennen Suchmaschinen das Original, und die Kopie gilt nicht als doppelter Inhalt.",
    isCopy: "Diese Veröffentlichung ist die Kopie. Sie verweist auf die",
    firstSourceLink: "Erstquelle",
  },
  en: {
    subject: (title) => `Published: ${title}`,
    intro: (title) => `Your press release "${title}" is now published.`,
    view: "View the release",
    firstSource:
      "You submitted this release through the API. When the same text appears on both portals, the version published first is the first source. The later one is a copy and carries a canonical reference to the first source. That way search engines recognise the original and do not treat the copy as duplicate content.",
    isCopy: "This publication is the copy. It points to the",
    firstSourceLink: "first source",
  },
};

/** The publication mail to the author (spec 6.3), with the first-source paragraph for API releases. */
export async function publishedMail(props: PublishedMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(props.title);
  const firstSource = props.firstSource;
  return renderMail(
    t.subject(props.title),
    <MailLayout language={props.language} preview={intro} unsubscribeUrl={footerUnsubscribeUrl("published", props.to)}>
      <P>{intro}</P>
      <Action href={mailLink(props.publicUrl, { src: "published", releaseId: props.releaseId })}>{t.view}</Action>
      {props.arrivedByApi ? <P>{t.firstSource}</P> : null}
      {props.arrivedByApi && firstSource ? (
        <P>
          {t.isCopy}{" "}
          <Link href={mailLink(firstSource.url, { src: "published", releaseId: firstSource.releaseId })}>{t.firstSourceLink}</Link>
        </P>
      ) : null}
    </MailLayout>,
  );
}
