import type { Edition } from "@/lib/domains/sites";

// The wording of the hub's receipt check in both languages; the compiler insists on both.

export const VERIFY_PATHS: Record<Edition, string> = { de: "/nachweis-pruefen", en: "/verify-receipt" };

export const VERIFY_COPY: Record<
  Edition,
  {
    title: string;
    intro: string;
    pasteLabel: string;
    pasteHint: string;
    fileLabel: string;
    fileHint: string;
    submit: string;
    checking: string;
    resultHeading: string;
    valid: string;
    validDetail: string;
    invalid: string;
    key: (kid: string, retired: boolean) => string;
    later: (n: number) => string;
    factsCaption: string;
    statement: string;
    value: string;
    offline: { before: string; after: string };
    otherLanguage: { label: string; href: string; lang: Edition };
  }
> = {
  de: {
    title: "Veröffentlichungsnachweis prüfen",
    intro:
      "Zu jeder Veröffentlichung einer Pressemitteilung und zu jeder späteren Änderung, Berichtigung oder Entfernung stellt Pressdesk einen signierten Nachweis aus. Hier prüfen Sie, ob ein Nachweis von uns stammt und unverändert ist.",
    pasteLabel: "Inhalt der Nachweisdatei",
    pasteHint: "Öffnen Sie die Datei „receipt-….json“ mit einem Texteditor und fügen Sie ihren Inhalt hier ein.",
    fileLabel: "Oder die Datei auswählen",
    fileHint: "Die JSON-Datei des Nachweises, höchstens 64 KiB. Ist eine Datei gewählt, wird sie geprüft.",
    submit: "Nachweis prüfen",
    checking: "Wird geprüft …",
    resultHeading: "Ergebnis",
    valid: "Der Nachweis ist gültig.",
    validDetail: "Er stammt von Pressdesk und ist unverändert. Er beschreibt den Stand zum Zeitpunkt seiner Ausstellung.",
    invalid: "Der Nachweis ist nicht gültig.",
    key: (kid, retired) =>
      `Signiert mit dem Schlüssel ${kid}${retired ? "; dieser Schlüssel ist inzwischen abgelöst und bestätigt weiterhin, was er signiert hat" : ""}.`,
    later: (n) =>
      n === 0
        ? "Zu dieser Pressemitteilung wurde seitdem kein weiterer Nachweis ausgestellt."
        : `Zu dieser Pressemitteilung wurden seitdem ${n === 1 ? "ein weiterer Nachweis" : `${n} weitere Nachweise`} ausgestellt: Der beschriebene Stand hat sich seither geändert.`,
    factsCaption: "Was der Nachweis bestätigt",
    statement: "Angabe",
    value: "Inhalt",
    offline: {
      before: "Sie können Nachweise auch ohne uns prüfen: Sie sind mit Ed25519 signiert (JWS), die öffentlichen Schlüssel stehen unter",
      after:
        ". Ohne uns prüfen Sie die Signatur; diese Seite bestätigt zusätzlich, dass wir genau diesen Nachweis ausgestellt haben, solange sein Schlüssel galt.",
    },
    otherLanguage: { label: "English", href: VERIFY_PATHS.en, lang: "en" },
  },
  en: {
    title: "Verify a publication receipt",
    intro:
      "For every publication of a press release and every later change, correction or removal, Pressdesk issues a signed receipt. Here you check whether a receipt was issued by us and is unchanged.",
    pasteLabel: "Content of the receipt file",
    pasteHint: "Open the file “receipt-….json” in a text editor and paste its content here.",
    fileLabel: "Or choose the file",
    fileHint: "The receipt's JSON file, at most 64 KiB. When a file is chosen, the file is checked.",
    submit: "Verify receipt",
    checking: "Checking …",
    resultHeading: "Result",
    valid: "The receipt is valid.",
    validDetail: "It was issued by Pressdesk and is unchanged. It describes the state at the time it was issued.",
    invalid: "The receipt is not valid.",
    key: (kid, retired) =>
      `Signed with the key ${kid}${retired ? "; this key has since been replaced and still confirms what it signed" : ""}.`,
    later: (n) =>
      n === 0
        ? "No further receipt has been issued for this press release since."
        : `${n === 1 ? "One further receipt has" : `${n} further receipts have`} been issued for this press release since: the state described has changed.`,
    factsCaption: "What the receipt confirms",
    statement: "Statement",
    value: "Content",
    offline: {
      before: "You can also verify receipts without us: they are signed with Ed25519 (JWS), and the public keys are at",
      after: ". Without us you check the signature; this page also confirms that we issued exactly this receipt while its key was in use.",
    },
    otherLanguage: { label: "Deutsch", href: VERIFY_PATHS.de, lang: "de" },
  },
};
