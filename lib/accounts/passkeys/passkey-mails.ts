import { paragraphMail } from "@/lib/mail/paragraph-mail";

type Locale = "de" | "en";

/** To the account address when a passkey is added or removed: a takeover leaves a trace there. */
export function passkeyChangedMail(opts: { change: "added" | "removed"; name: string; locale: Locale }) {
  const de = opts.locale === "de";
  const added = opts.change === "added";
  const name = opts.name.slice(0, 100);
  return paragraphMail(
    de ? (added ? "Ein Passkey wurde Ihrem Konto hinzugefügt" : "Ein Passkey wurde aus Ihrem Konto entfernt") : added ? "A passkey was added to your account" : "A passkey was removed from your account",
    [
      de
        ? `Der Passkey „${name}“ wurde ${added ? "zu Ihrem Konto hinzugefügt. Mit ihm kann man sich ohne Passwort anmelden" : "aus Ihrem Konto entfernt"}.`
        : `The passkey "${name}" was ${added ? "added to your account. It signs in without a password" : "removed from your account"}.`,
      de
        ? "Waren Sie das nicht? Melden Sie sich an, entfernen Sie unbekannte Passkeys unter „Sicherheit“, ändern Sie Ihr Passwort und melden Sie andere Geräte ab."
        : "Was this not you? Sign in, remove unknown passkeys under “Security”, change your password and sign out other devices.",
    ],
  );
}
