import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, P, type Copy } from "./parts";

export interface NewsletterConfirmMailProps {
  /** The hub page with the confirm button (opening it confirms nothing: scanners open links). */
  url: string;
  ttlHours: number;
  language: MailLanguage;
}

const COPY: Copy<{ subject: string; intro: string; action: string; validity: (hours: number) => string; ignore: string }> = {
  de: {
    subject: "Bitte bestätigen Sie Ihr Newsletter-Abonnement",
    intro:
      "Sie haben den Pressdesk-Newsletter für diese Adresse bestellt. Bitte bestätigen Sie das mit einem Klick – erst dann schicken wir Ihnen Newsletter.",
    action: "Abonnement bestätigen",
    validity: (h) => `Der Link gilt ${h} Stunden.`,
    ignore: "Sie haben nichts bestellt? Dann ignorieren Sie diese E-Mail einfach; ohne Bestätigung erhalten Sie keinen Newsletter.",
  },
  en: {
    subject: "Please confirm your newsletter subscription",
    intro:
      "You signed this address up for the Pressdesk newsletter. Please confirm with one click – only then will we send you newsletters.",
    action: "Confirm subscription",
    validity: (h) => `The link is valid for ${h} hours.`,
    ignore: "Didn't sign up? Just ignore this e-mail; without confirmation you will not receive any newsletter.",
  },
};

/** Double opt-in (transactional, so no unsubscribe link): the confirm link, its lifetime, what to do if nobody here asked. */
export function newsletterConfirmMail(props: NewsletterConfirmMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={t.intro}>
      <P>{t.intro}</P>
      <Action href={props.url}>{t.action}</Action>
      <P>{t.validity(props.ttlHours)}</P>
      <P>{t.ignore}</P>
    </MailLayout>,
  );
}
