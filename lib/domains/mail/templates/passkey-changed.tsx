import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { P, type Copy } from "./parts";
import { plainName } from "./registration";

export interface PasskeyChangedMailProps {
  change: "added" | "removed";
  /** The passkey's label as the account holder named it. */
  name: string;
  language: MailLanguage;
}

const COPY: Copy<{
  subject: Record<PasskeyChangedMailProps["change"], string>;
  notice: Record<PasskeyChangedMailProps["change"], (name: string) => string>;
  notYou: string;
}> = {
  de: {
    subject: { added: "Ein Passkey wurde Ihrem Konto hinzugefügt", removed: "Ein Passkey wurde aus Ihrem Konto entfernt" },
    notice: {
      added: (name) => `Der Passkey „${name}“ wurde zu Ihrem Konto hinzugefügt. Mit ihm kann man sich ohne Passwort anmelden.`,
      removed: (name) => `Der Passkey „${name}“ wurde aus Ihrem Konto entfernt.`,
    },
    notYou:
      "Waren Sie das nicht? Melden Sie sich an, entfernen Sie unbekannte Passkeys unter „Sicherheit“, ändern Sie Ihr Passwort und melden Sie andere Geräte ab.",
  },
  en: {
    subject: { added: "A passkey was added to your account", removed: "A passkey was removed from your account" },
    notice: {
      added: (name) => `The passkey “${name}” was added to your account. It signs in without a password.`,
      removed: (name) => `The passkey “${name}” was removed from your account.`,
    },
    notYou: "Was this not you? Sign in, remove unknown passkeys under “Security”, change your password and sign out other devices.",
  },
};

/** To the account address when a passkey is added or removed: a takeover leaves a trace there. */
export async function passkeyChangedMail(props: PasskeyChangedMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const subject = t.subject[props.change];
  return renderMail(
    subject,
    <MailLayout language={props.language} preview={subject}>
      <P>{t.notice[props.change](plainName(props.name))}</P>
      <P>{t.notYou}</P>
    </MailLayout>,
  );
}
