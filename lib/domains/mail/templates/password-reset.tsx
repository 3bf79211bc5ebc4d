import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { Action, P, type Copy } from "./parts";

export interface PasswordResetMailProps {
  /** The token URL, exactly as the reset page expects it: no tracking parameters. */
  url: string;
  ttlMinutes: number;
  language: MailLanguage;
}

const COPY: Copy<{ subject: string; intro: (ttl: number) => string; action: string; effect: string; ignore: string }> = {
  de: {
    subject: "Passwort zurücksetzen",
    intro: (ttl) =>
      `Für Ihr Konto wurde ein neues Passwort angefordert. Mit diesem Link legen Sie es fest. Er gilt ${ttl} Minuten und nur einmal.`,
    action: "Neues Passwort festlegen",
    effect:
      "Sobald das neue Passwort gespeichert ist, werden alle Geräte abgemeldet, auch dieses, und offene Anmeldelinks verlieren ihre Gültigkeit. Ihre API-Tokens bleiben gültig.",
    ignore:
      "Sie haben kein neues Passwort angefordert? Dann ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert, und ohne den Link kann es niemand ändern. Kommen solche E-Mails wiederholt, hat sich vielleicht jemand mit Ihrer Adresse versucht; Ihr Konto bleibt trotzdem geschützt.",
  },
  en: {
    subject: "Reset your password",
    intro: (ttl) => `A new password was requested for your account. Use this link to set it. It works once and for ${ttl} minutes.`,
    action: "Set a new password",
    effect:
      "As soon as the new password is saved, every device is signed out, this one included, and open sign-in links stop working. Your API tokens stay valid.",
    ignore:
      "Did not ask for a new password? Ignore this message: your password stays as it is, and nobody can change it without the link. If such mails keep coming, someone may be trying your address; your account stays protected all the same.",
  },
};

/** The reset mail: the link, how long it works, what saving a new password ends, and what to do if nobody here asked. */
export async function passwordResetMail(props: PasswordResetMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const intro = t.intro(props.ttlMinutes);
  return renderMail(
    t.subject,
    <MailLayout language={props.language} preview={intro}>
      <P>{intro}</P>
      <Action href={props.url}>{t.action}</Action>
      <P>{t.effect}</P>
      <P>{t.ignore}</P>
    </MailLayout>,
  );
}
