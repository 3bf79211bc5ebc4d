import { LOGIN_ERROR } from "@/lib/domains/auth/next-auth/login-error-codes";

const MESSAGES: Record<string, string> = {
  [LOGIN_ERROR.refused]: "E-Mail-Adresse oder Passwort ist nicht korrekt.",
  [LOGIN_ERROR.throttled]: "Zu viele Fehlversuche von dieser Adresse. Bitte versuchen Sie es in einigen Minuten erneut.",
  [LOGIN_ERROR.slowed]:
    "Für dieses Konto gab es gerade viele Fehlversuche. Bitte warten Sie einen Moment – oder melden Sie sich mit einem Anmeldelink oder Passkey an.",
  [LOGIN_ERROR.unavailable]: "Die Anmeldung ist gerade nicht möglich. Bitte versuchen Sie es in einigen Minuten erneut.",
  [LOGIN_ERROR.addressNotConfirmed]:
    "Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse mit dem Link aus unserer E-Mail. Sie können sich unten auch einen neuen Anmeldelink schicken lassen.",
  [LOGIN_ERROR.unverifiedEmail]: "Der Anbieter hat Ihre E-Mail-Adresse nicht als bestätigt gemeldet.",
  [LOGIN_ERROR.linkSent]:
    "Dieses Konto besteht schon. Wir haben einen Bestätigungslink an seine Adresse geschickt; öffnen Sie ihn in diesem Browser, um die Anmeldung zu verknüpfen.",
  link: "Der Anmeldelink ist ungültig, abgelaufen oder wurde schon benutzt. Fordern Sie einen neuen an.",
  [LOGIN_ERROR.registrationDetails]:
    "Bitte geben Sie Ihren Namen an (mindestens zwei Zeichen) und akzeptieren Sie die aktuellen Bedingungen.",
};

/** The sign-in page's message for an error or notice code (next-auth passes them as `?error=`). */
export function loginMessage(code: string): string {
  return MESSAGES[code] ?? "Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.";
}
