import { maskEmail } from "@/lib/domains/mail/mask-email";
import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, P, type Copy } from "./parts";

// The three mails of an address change (spec 5.3: notifications go to the previous address).
// The new address appears only masked in mail to the old one: whoever reads the old mailbox
// must not learn where the account went.

const CONFIRM: Copy<{ subject: string; intro: (ttl: number) => string; action: string; meanwhile: string; ignore: string }> = {
  de: {
    subject: "Bitte bestätigen Sie Ihre neue E-Mail-Adresse",
    intro: (ttl) => `Bitte bestätigen Sie, dass Ihr Konto künftig diese Adresse verwendet. Der Link gilt ${ttl} Minuten.`,
    action: "Neue Adresse bestätigen",
    meanwhile: "Bis zur Bestätigung bleibt Ihre bisherige Adresse gültig.",
    ignore: "Sie haben das nicht angefordert? Dann ignorieren Sie diese Nachricht.",
  },
  en: {
    subject: "Please confirm your new e-mail address",
    intro: (ttl) => `Please confirm that your account should use this address from now on. The link works for ${ttl} minutes.`,
    action: "Confirm the new address",
    meanwhile: "Until you confirm, your current address stays in use.",
    ignore: "Did not ask for this? Ignore this message.",
  },
};

/** To the NEW address: the link (a token URL, used exactly as the confirm page expects it) that makes the change happen. */
export async function confirmNewAddressMail(props: { url: string; ttlMinutes: number; language: MailLanguage }): Promise<RenderedMail> {
  const t = CONFIRM[props.language];
  const intro = t.intro(props.ttlMinutes);
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      <Action href={props.url}>{t.action}</Action>
      <P>{t.meanwhile}</P>
      <P>{t.ignore}</P>
    </MailLayout>,
  );
}

const REQUESTED: Copy<{ subject: string; notice: (masked: string) => string; notYou: string }> = {
  de: {
    subject: "Änderung Ihrer E-Mail-Adresse angefordert",
    notice: (masked) =>
      `Für Ihr Konto wurde die Änderung der E-Mail-Adresse auf ${masked} angefordert. Sie wird erst wirksam, wenn die neue Adresse den Bestätigungslink aufruft.`,
    notYou: "Waren Sie das nicht? Melden Sie sich an, brechen Sie die Änderung ab und ändern Sie Ihr Passwort.",
  },
  en: {
    subject: "Change of your e-mail address requested",
    notice: (masked) =>
      `A change of your account's e-mail address to ${masked} was requested. It takes effect only when the new address opens its confirmation link.`,
    notYou: "Was this not you? Sign in, cancel the change and change your password.",
  },
};

/** To the CURRENT address: someone asked to move the account to another address. */
export async function changeRequestedMail(props: { newEmail: string; language: MailLanguage }): Promise<RenderedMail> {
  const t = REQUESTED[props.language];
  const notice = t.notice(maskEmail(props.newEmail));
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={t.subject}>
      <P>{notice}</P>
      <P>{t.notYou}</P>
    </MailLayout>,
  );
}

const CHANGED: Copy<{ subject: string; notice: (masked: string) => string; notYou: string }> = {
  de: {
    subject: "Ihre E-Mail-Adresse wurde geändert",
    notice: (masked) =>
      `Ihr Konto verwendet ab sofort die Adresse ${masked}. An diese Adresse senden wir keine Nachrichten zu Ihrem Konto mehr; offene Anmeldelinks an sie gelten nicht mehr.`,
    notYou: "Waren Sie das nicht? Wenden Sie sich bitte umgehend an uns.",
  },
  en: {
    subject: "Your e-mail address was changed",
    notice: (masked) =>
      `Your account now uses the address ${masked}. We no longer send account messages to this address; open sign-in links sent to it no longer work.`,
    notYou: "Was this not you? Please contact us right away.",
  },
};

/** To the PREVIOUS address after the change: it no longer signs in to the account. */
export async function addressChangedMail(props: { newEmail: string; language: MailLanguage }): Promise<RenderedMail> {
  const t = CHANGED[props.language];
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={t.subject}>
      <P>{t.notice(maskEmail(props.newEmail))}</P>
      <P>{t.notYou}</P>
    </MailLayout>,
  );
}
