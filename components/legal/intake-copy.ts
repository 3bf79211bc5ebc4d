import { INTAKE_PAGES, legalPath } from "@/lib/domains/legal/pages";
import { INTAKE_LIMITS } from "@/lib/domains/legal/requests/file-fields";
import type { Edition } from "@/lib/domains/sites";

// The wording of the hub's public intake pages (spec 4.4, 6.1) in both languages; the compiler
// insists on both.

export const LEGAL_PAGE_COPY: Record<
  Edition,
  {
    title: string;
    intro: string;
    customerHeading: string;
    customerText: string;
    customerSteps: string[];
    email: string;
    sendLink: string;
    sending: string;
    linkSent: string;
    linkThrottled: string;
    formHeading: string;
    formText: string;
    kind: string;
    name: string;
    emailField: string;
    emailHint: string;
    url: string;
    urlHint: (portalOrigin: string) => string;
    body: string;
    bodyHint: string;
    privacy: { before: string; label: string; href: string };
    submit: string;
    filed: (reference: string) => string;
    failed: string;
    otherLanguage: { label: string; href: string; lang: Edition };
  }
> = {
  de: {
    title: "Rechtliche Anliegen",
    intro:
      "Hier melden Sie, wenn eine Pressemitteilung auf unseren Portalen gegen Recht verstößt, Sie betrifft oder berichtigt werden soll. Die Redaktion prüft jedes Anliegen und dokumentiert jeden Schritt.",
    customerHeading: "Sie veröffentlichen bei Pressdesk?",
    customerText:
      "Berichtigung, Änderung, Schwärzung oder Depublizierung Ihrer eigenen Pressemitteilung beantragen Sie am schnellsten im Kundenbereich: Dort wählen Sie die Meldung, sehen bei einer Schwärzung vorab, wie die Seite danach aussieht, und verfolgen den Stand Ihres Antrags.",
    customerSteps: [
      "Anmeldelink an die Adresse Ihres Kundenkontos anfordern.",
      "Link in der E-Mail öffnen: Sie landen bei Ihren Pressemitteilungen und Anträgen.",
      "Bei der Pressemitteilung „Antrag stellen“ wählen.",
    ],
    email: "E-Mail-Adresse Ihres Kundenkontos",
    sendLink: "Anmeldelink senden",
    sending: "Wird gesendet …",
    linkSent: "Wenn zu dieser Adresse ein Kundenkonto besteht, ist ein Anmeldelink unterwegs. Er gilt 15 Minuten.",
    linkThrottled: "Zu viele Anfragen von dieser Verbindung. Bitte versuchen Sie es später erneut.",
    formHeading: "Alle anderen: Anliegen melden",
    formText:
      "Sie haben kein Kundenkonto, etwa weil eine Pressemitteilung Sie nennt oder Rechte verletzt? Dann schreiben Sie uns hier. Wir bestätigen den Eingang per E-Mail und melden uns, sobald wir entschieden haben.",
    kind: "Art des Anliegens",
    name: "Ihr Name",
    emailField: "Ihre E-Mail-Adresse",
    emailHint: "Dorthin schicken wir die Eingangsbestätigung und unsere Entscheidung.",
    url: "Adresse der betroffenen Seite",
    urlHint: (origin) =>
      `Die vollständige Adresse aus der Adresszeile Ihres Browsers, z. B. ${origin}/de/pressemitteilung/… Bei einer Datenschutzanfrage ohne bestimmte Seite frei lassen.`,
    body: "Ihr Anliegen",
    bodyHint: `Was genau ist betroffen, und warum? Nennen Sie die Textstellen möglichst wörtlich. ${INTAKE_LIMITS.textMin} bis ${INTAKE_LIMITS.textMax.toLocaleString("de-DE")} Zeichen.`,
    privacy: {
      before:
        "Wir speichern Ihre Angaben, um Ihr Anliegen zu bearbeiten und den Vorgang nachweisen zu können; Ihre IP-Adresse nur als verschlüsselten Kurzwert. Mehr dazu in der",
      label: "Datenschutzerklärung",
      href: legalPath("privacy", "de"),
    },
    submit: "Anliegen absenden",
    filed: (reference) =>
      `Vielen Dank. Ihr Anliegen ist unter der Vorgangsnummer ${reference} eingegangen. Sie erhalten eine Eingangsbestätigung per E-Mail; wir melden uns, sobald wir entschieden haben.`,
    failed: "Das hat nicht geklappt. Bitte versuchen Sie es erneut.",
    otherLanguage: { label: "English", href: INTAKE_PAGES.legalRequests.en.path, lang: "en" },
  },
  en: {
    title: "Legal requests",
    intro:
      "Tell us here if a press release on our portals breaks the law, concerns you or needs correcting. Our editors review every request and record every step.",
    customerHeading: "Do you publish with Pressdesk?",
    customerText:
      "The quickest way to request a correction, change, redaction or depublication of your own press release is your account: there you pick the release, see beforehand what the page will look like after a redaction, and follow the status of your request.",
    customerSteps: [
      "Request a sign-in link to your account's address.",
      "Open the link in the e-mail: you land on your press releases and requests.",
      "Choose “File a request” on the press release.",
    ],
    email: "Your account's e-mail address",
    sendLink: "Send sign-in link",
    sending: "Sending …",
    linkSent: "If an account exists for this address, a sign-in link is on its way. It works for 15 minutes.",
    linkThrottled: "Too many requests from this connection. Please try again later.",
    formHeading: "Everyone else: file a request",
    formText:
      "No account with us, for instance because a press release names you or violates your rights? Then write to us here. We confirm receipt by e-mail and get back to you once we have decided.",
    kind: "Kind of request",
    name: "Your name",
    emailField: "Your e-mail address",
    emailHint: "We send the confirmation of receipt and our decision there.",
    url: "Address of the page concerned",
    urlHint: (origin) =>
      `The full address from your browser's address bar, e.g. ${origin}/en/press-release/… Leave empty for a data protection request that concerns no particular page.`,
    body: "Your request",
    bodyHint: `What exactly is concerned, and why? Quote the passages word for word where you can. ${INTAKE_LIMITS.textMin} to ${INTAKE_LIMITS.textMax.toLocaleString("en-GB")} characters.`,
    privacy: {
      before:
        "We store what you enter to handle your request and to document it; your IP address only as an encrypted short value. More in our",
      label: "privacy policy",
      href: legalPath("privacy", "en"),
    },
    submit: "Send request",
    filed: (reference) =>
      `Thank you. Your request has been received as case ${reference}. You will get a confirmation by e-mail; we will be in touch once we have decided.`,
    failed: "That did not work. Please try again.",
    otherLanguage: { label: "Deutsch", href: INTAKE_PAGES.legalRequests.de.path, lang: "de" },
  },
};

export const CONTACT_PAGE_COPY: Record<
  Edition,
  {
    title: string;
    intro: string;
    legalHint: { before: string; label: string; href: string };
    name: string;
    email: string;
    emailHint: string;
    subject: string;
    body: string;
    privacy: { before: string; label: string; href: string };
    submit: string;
    sending: string;
    sent: string;
    failed: string;
    otherLanguage: { label: string; href: string; lang: Edition };
  }
> = {
  de: {
    title: "Kontakt",
    intro:
      "Fragen zu Tarifen, zum Veröffentlichen oder zu Ihrem Konto? Schreiben Sie uns; wir antworten in der Regel innerhalb eines Werktags per E-Mail.",
    legalHint: {
      before: "Eine Pressemitteilung verstößt gegen Recht oder betrifft Sie? Dafür gibt es die Seite",
      label: "Rechtliche Anliegen",
      href: INTAKE_PAGES.legalRequests.de.path,
    },
    name: "Ihr Name",
    email: "Ihre E-Mail-Adresse",
    emailHint: "Dorthin schicken wir unsere Antwort.",
    subject: "Betreff",
    body: "Ihre Nachricht",
    privacy: {
      before: "Wir speichern Ihre Nachricht, um sie zu beantworten; Ihre IP-Adresse nur als verschlüsselten Kurzwert. Mehr dazu in der",
      label: "Datenschutzerklärung",
      href: legalPath("privacy", "de"),
    },
    submit: "Nachricht senden",
    sending: "Wird gesendet …",
    sent: "Vielen Dank für Ihre Nachricht. Wir antworten Ihnen per E-Mail.",
    failed: "Das hat nicht geklappt. Bitte versuchen Sie es erneut.",
    otherLanguage: { label: "English", href: INTAKE_PAGES.contact.en.path, lang: "en" },
  },
  en: {
    title: "Contact",
    intro: "Questions about plans, publishing or your account? Write to us; we usually answer within one working day by e-mail.",
    legalHint: {
      before: "A press release breaks the law or concerns you? Please use the page",
      label: "Legal requests",
      href: INTAKE_PAGES.legalRequests.en.path,
    },
    name: "Your name",
    email: "Your e-mail address",
    emailHint: "We send our answer there.",
    subject: "Subject",
    body: "Your message",
    privacy: {
      before: "We store your message to answer it; your IP address only as an encrypted short value. More in our",
      label: "privacy policy",
      href: legalPath("privacy", "en"),
    },
    submit: "Send message",
    sending: "Sending …",
    sent: "Thank you for your message. We will answer you by e-mail.",
    failed: "That did not work. Please try again.",
    otherLanguage: { label: "Deutsch", href: INTAKE_PAGES.contact.de.path, lang: "de" },
  },
};
