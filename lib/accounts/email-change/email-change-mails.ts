import { paragraphMail } from "@/lib/mail/paragraph-mail";
import { maskEmail } from "./mask-email";

// The three mails of an address change (spec 5.3: notifications go to the previous address).

type Locale = "de" | "en";

/** To the NEW address: the link that makes the change happen. */
export function confirmNewAddressMail(opts: { url: string; ttlMinutes: number; locale: Locale }) {
  const de = opts.locale === "de";
  return paragraphMail(
    de ? "Bitte bestätigen Sie Ihre neue E-Mail-Adresse" : "Please confirm your new e-mail address",
    [
      de
        ? `Bitte bestätigen Sie, dass Ihr Konto künftig diese Adresse verwendet. Der Link gilt ${opts.ttlMinutes} Minuten.`
        : `Please confirm that your account should use this address from now on. The link works for ${opts.ttlMinutes} minutes.`,
      de ? "Bis zur Bestätigung bleibt Ihre bisherige Adresse gültig." : "Until you confirm, your current address stays in use.",
      de ? "Sie haben das nicht angefordert? Dann ignorieren Sie diese Nachricht." : "Did not ask for this? Ignore this message.",
    ],
    { url: opts.url, label: de ? "Neue Adresse bestätigen" : "Confirm the new address" },
  );
}

/** To the CURRENT address: someone asked to move the account to another address. */
export function changeRequestedMail(opts: { newEmail: string; locale: Locale }) {
  const de = opts.locale === "de";
  const masked = maskEmail(opts.newEmail);
  return paragraphMail(de ? "Änderung Ihrer E-Mail-Adresse angefordert" : "Change of your e-mail address requested", [
    de
      ? `Für Ihr Konto wurde die Änderung der E-Mail-Adresse auf ${masked} angefordert. Sie wird erst wirksam, wenn die neue Adresse den Bestätigungslink aufruft.`
      : `A change of your account's e-mail address to ${masked} was requested. It takes effect only when the new address opens its confirmation link.`,
    de
      ? "Waren Sie das nicht? Melden Sie sich an, brechen Sie die Änderung ab und ändern Sie Ihr Passwort."
      : "Was this not you? Sign in, cancel the change and change your password.",
  ]);
}

/** To the PREVIOUS address after the change: it no longer signs in to the account. */
export function addressChangedMail(opts: { newEmail: string; locale: Locale }) {
  const de = opts.locale === "de";
  const masked = maskEmail(opts.newEmail);
  return paragraphMail(de ? "Ihre E-Mail-Adresse wurde geändert" : "Your e-mail address was changed", [
    de
      ? `Ihr Konto verwendet ab sofort die Adresse ${masked}. An diese Adresse senden wir keine Nachrichten zu Ihrem Konto mehr; offene Anmeldelinks an sie gelten nicht mehr.`
      : `Your account now uses the address ${masked}. We no longer send account messages to this address; open sign-in links sent to it no longer work.`,
    de ? "Waren Sie das nicht? Wenden Sie sich bitte umgehend an uns." : "Was this not you? Please contact us right away.",
  ]);
}
