import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { P, UrlLine, type Copy } from "./parts";

export interface AccountLinkMailProps {
  /** The login-link token URL, exactly as the link page expects it. */
  url: string;
  providerName: string;
  ttlMinutes: number;
  language: MailLanguage;
}

const COPY: Copy<{ subject: (p: string) => string; who: (p: string) => string; open: (ttl: number) => string; ignore: string }> = {
  de: {
    subject: (p) => `Anmeldung mit ${p} bestätigen`,
    who: (p) => `Jemand möchte sich mit einem ${p}-Konto bei Ihrem Konto anmelden.`,
    open: (ttl) =>
      `Wenn Sie das waren, öffnen Sie diesen Link innerhalb von ${ttl} Minuten in demselben Browser, in dem Sie die Anmeldung begonnen haben:`,
    ignore: "Wenn Sie das nicht waren, ignorieren Sie diese E-Mail. Ohne Bestätigung wird nichts verknüpft.",
  },
  en: {
    subject: (p) => `Confirm signing in with ${p}`,
    who: (p) => `Someone wants to sign in to your account with a ${p} account.`,
    open: (ttl) => `If that was you, open this link within ${ttl} minutes in the same browser where you started signing in:`,
    ignore: "If it was not you, ignore this e-mail. Nothing is linked without your confirmation.",
  },
};

/**
 * The confirmation mail for a first linking that the provider does not vouch for (spec 5.9).
 * It goes to the account address, so only the mailbox owner can allow the binding. The link is
 * written out rather than behind a button: it must be opened in one particular browser, and
 * people copy it across.
 */
export async function accountLinkMail(props: AccountLinkMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const who = t.who(props.providerName);
  return renderMail(
    t.subject(props.providerName),
    <MailLayout language={props.language} preview={who}>
      <P>{who}</P>
      <P>{t.open(props.ttlMinutes)}</P>
      <UrlLine href={props.url} />
      <P>{t.ignore}</P>
    </MailLayout>,
  );
}
