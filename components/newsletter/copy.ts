import { legalPath } from "@/lib/domains/legal/pages";
import type { Edition } from "@/lib/domains/sites";

// The public newsletter pages in both languages; the compiler insists on both.
export const SIGNUP_COPY: Record<
  Edition,
  {
    title: string;
    intro: string;
    email: string;
    language: string;
    languages: Record<Edition, string>;
    portals: string;
    portalsHint: string;
    consent: string;
    privacy: { label: string; href: string };
    submit: string;
    sending: string;
    success: string;
    checkEmail: string;
    invalidEmail: string;
    throttled: string;
    failed: string;
    otherLanguage: { label: string; href: string; lang: Edition };
  }
> = {
  de: {
    title: "Newsletter",
    intro:
      "Ausgewählte Pressemitteilungen aus Pressdesk Business und Pressdesk Tech, neue Funktionen und Hinweise für Redaktionen – einige Male im Monat, jederzeit abbestellbar.",
    email: "E-Mail-Adresse",
    language: "Sprache des Newsletters",
    languages: { de: "Deutsch", en: "Englisch" },
    portals: "Themen",
    portalsHint: "Nichts gewählt: Neuigkeiten aus beiden Portalen.",
    consent:
      "Mit der Anmeldung willigen Sie ein, dass wir Ihnen den Newsletter an diese Adresse schicken. Dafür speichern wir Adresse, Sprache, Themenwahl und den Zeitpunkt Ihrer Bestätigung. Jede Ausgabe enthält einen Abmeldelink; die Einwilligung können Sie jederzeit widerrufen.",
    privacy: { label: "Datenschutzerklärung", href: legalPath("privacy", "de") },
    submit: "Newsletter bestellen",
    sending: "Wird gesendet …",
    success:
      "Danke! Bitte sehen Sie in Ihr Postfach: Fehlt für diese Adresse noch die Bestätigung, finden Sie dort einen Link. Erst nach der Bestätigung erhalten Sie den Newsletter.",
    checkEmail: "Bitte prüfen Sie die E-Mail-Adresse.",
    invalidEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    throttled: "Zu viele Anmeldungen von dieser Verbindung. Bitte versuchen Sie es in einigen Minuten erneut.",
    failed: "Das hat nicht geklappt. Bitte versuchen Sie es erneut.",
    otherLanguage: { label: "English", href: "/newsletter/en", lang: "en" },
  },
  en: {
    title: "Newsletter",
    intro:
      "Selected press releases from Pressdesk Business and Pressdesk Tech, new features and tips for newsrooms – a few times a month, unsubscribe at any time.",
    email: "E-mail address",
    language: "Newsletter language",
    languages: { de: "German", en: "English" },
    portals: "Topics",
    portalsHint: "None chosen: news from both portals.",
    consent:
      "By subscribing you agree that we send the newsletter to this address. For this we store the address, language, topics and when you confirmed. Every issue has an unsubscribe link; you can withdraw your consent at any time.",
    privacy: { label: "Privacy policy", href: legalPath("privacy", "en") },
    submit: "Subscribe",
    sending: "Sending …",
    success:
      "Thank you! Please check your inbox: if this address still needs confirming, you will find a link there. You will receive the newsletter only after confirming.",
    checkEmail: "Please check the e-mail address.",
    invalidEmail: "Please enter a valid e-mail address.",
    throttled: "Too many sign-ups from this connection. Please try again in a few minutes.",
    failed: "That did not work. Please try again.",
    otherLanguage: { label: "Deutsch", href: "/newsletter", lang: "de" },
  },
};

export const CONFIRM_COPY: Record<
  Edition,
  { title: string; intro: string; button: string; success: string; invalid: string; again: string; signupHref: string }
> = {
  de: {
    title: "Newsletter-Anmeldung bestätigen",
    intro: "Mit dem Klick bestätigen Sie, dass Sie den Pressdesk-Newsletter an diese Adresse erhalten möchten.",
    button: "Anmeldung bestätigen",
    success: "Danke, Ihre Anmeldung ist bestätigt. Sie erhalten den nächsten Newsletter.",
    invalid: "Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet.",
    again: "Erneut anmelden",
    signupHref: "/newsletter",
  },
  en: {
    title: "Confirm your newsletter subscription",
    intro: "With this click you confirm that you want to receive the Pressdesk newsletter at this address.",
    button: "Confirm subscription",
    success: "Thank you, your subscription is confirmed. You will receive the next newsletter.",
    invalid: "This confirmation link is invalid, expired or has already been used.",
    again: "Sign up again",
    signupHref: "/newsletter/en",
  },
};
