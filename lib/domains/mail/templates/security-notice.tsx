import { renderMail, type RenderedMail } from "../render-mail";
import { MailLayout, type MailLanguage } from "./layout";
import { P, type Copy } from "./parts";
import { plainName } from "./registration";

/** The account changes that are mailed to the account address (spec 5.3, 5.4). */
export type SecurityChange = "totp_enabled" | "totp_disabled" | "second_factor_reset" | "recovery_codes_renewed" | "api_token_created";

export interface SecurityNoticeMailProps {
  change: SecurityChange;
  /**
   * The API token's name as typed (api_token_created only): whoever holds a session types it, and
   * the mail goes to the owner, so only its plain part is repeated (no links, no message of theirs).
   */
  tokenName?: string;
  language: MailLanguage;
}

type Wording = { subject: Record<SecurityChange, string>; notice: Record<SecurityChange, (tokenName: string) => string>; notYou: string };

const COPY: Copy<Wording> = {
  de: {
    subject: {
      totp_enabled: "Die Zwei-Faktor-Anmeldung wurde eingeschaltet",
      totp_disabled: "Die Zwei-Faktor-Anmeldung wurde ausgeschaltet",
      second_factor_reset: "Ihr zweiter Faktor wurde zurückgesetzt",
      recovery_codes_renewed: "Neue Wiederherstellungscodes für Ihr Konto",
      api_token_created: "Ein API-Token wurde für Ihr Konto erstellt",
    },
    notice: {
      totp_enabled: () =>
        "Für Ihr Konto wurde die Zwei-Faktor-Anmeldung mit einer Authenticator-App eingerichtet. Bei der Anmeldung wird künftig ein Code aus der App abgefragt.",
      totp_disabled: () =>
        "Die Zwei-Faktor-Anmeldung Ihres Kontos wurde ausgeschaltet. Die Authenticator-App und die bisherigen Wiederherstellungscodes gelten nicht mehr.",
      second_factor_reset: () =>
        "Unser Team hat den zweiten Faktor Ihres Kontos zurückgesetzt, zum Beispiel nach einem verlorenen Telefon: Authenticator-App, Wiederherstellungscodes und Passkeys gelten nicht mehr. Richten Sie unter „Sicherheit“ einen neuen ein.",
      recovery_codes_renewed: () => "Für Ihr Konto wurden neue Wiederherstellungscodes erzeugt. Die bisherigen gelten nicht mehr.",
      api_token_created: (name) =>
        `Für Ihr Konto wurde das API-Token „${name}“ erstellt. Mit ihm lassen sich über die Schnittstelle Pressemitteilungen in Ihrem Namen einreichen.`,
    },
    notYou:
      "Waren Sie das nicht? Melden Sie sich an, ändern Sie Ihr Passwort, prüfen Sie unter „Sicherheit“ Ihre Anmeldewege und API-Tokens und melden Sie andere Geräte ab.",
  },
  en: {
    subject: {
      totp_enabled: "Two-factor sign-in was turned on",
      totp_disabled: "Two-factor sign-in was turned off",
      second_factor_reset: "Your second factor was reset",
      recovery_codes_renewed: "New recovery codes for your account",
      api_token_created: "An API token was created for your account",
    },
    notice: {
      totp_enabled: () =>
        "Two-factor sign-in with an authenticator app was set up for your account. Signing in will now ask for a code from the app.",
      totp_disabled: () =>
        "Two-factor sign-in was turned off for your account. The authenticator app and the previous recovery codes no longer work.",
      second_factor_reset: () =>
        "Our team reset the second factor of your account, for example after a lost phone: authenticator app, recovery codes and passkeys no longer work. Set up a new one under “Security”.",
      recovery_codes_renewed: () => "New recovery codes were created for your account. The previous ones no longer work.",
      api_token_created: (name) =>
        `The API token “${name}” was created for your account. It can submit press releases in your name through the API.`,
    },
    notYou:
      "Was this not you? Sign in, change your password, check your ways of signing in and your API tokens under “Security” and sign out other devices.",
  },
};

/** To the account address when a way in or a second factor changes: a takeover leaves a trace there. */
export async function securityNoticeMail(props: SecurityNoticeMailProps): Promise<RenderedMail> {
  const t = COPY[props.language];
  const subject = t.subject[props.change];
  return renderMail(
    subject,
    <MailLayout language={props.language} preview={subject}>
      <P>{t.notice[props.change](plainName(props.tokenName ?? ""))}</P>
      <P>{t.notYou}</P>
    </MailLayout>,
  );
}
