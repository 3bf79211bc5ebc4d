import type { Edition } from "@/lib/domains/sites/sites";

// Every word of the hub's front page, German first, English for the "en" edition. Only what the
// service does (docs/release-lifecycle.md, docs/portals.md, docs/receipts.md, docs/previews.md,
// docs/reports.md, docs/webhooks.md, docs/billing.md): no figure here that the code does not hold.
// Prices, quotas and plan names are not written here; they come from the price list
// (lib/domains/prices/catalog.ts) through ./plans.ts.

export interface LandingStep {
  title: string;
  text: string;
  /** What the step consists of, as a list under the text. */
  items?: readonly string[];
  /** A sentence after the list. */
  after?: string;
}

export interface LandingFeature {
  title: string;
  text: string;
}

export interface LandingFaqItem {
  question: string;
  answer: string;
}

export interface LandingTexts {
  /** The BCP 47 locale for numbers, dates and lists. */
  locale: string;
  hero: {
    eyebrow: string;
    title: string;
    lead: string;
    points: (cheapestNetPrice: string | null) => readonly string[];
    pointsLabel: string;
    register: string;
    signInPrompt: string;
    signIn: string;
    seePrices: string;
  };
  steps: { title: string; intro: string; items: readonly LandingStep[] };
  features: { title: string; intro: string; items: readonly LandingFeature[] };
  prices: {
    title: string;
    intro: string;
    perMonthNet: string;
    gross: (grossPrice: string) => string;
    quota: string;
    apiAccess: string;
    yes: string;
    no: string;
    start: string;
    /** Read after "Jetzt starten" by screen readers, so each plan's link names its plan. */
    startPlan: (planName: string) => string;
    cancellation: string;
    /** The VAT note under the prices (./plans.ts `landingPricesNote`). */
    note: (vatRatePercent: number) => string;
  };
  api: {
    title: string;
    text: string;
    items: readonly string[];
    included: (planNames: string) => string;
    notIncluded: string;
    docs: string;
    /** Said after the link text: the API documentation is written in English. */
    docsLanguage: string;
  };
  faq: { title: string; items: (apiPlanNames: string) => readonly LandingFaqItem[] };
  portals: {
    title: string;
    intro: string;
    latest: (portalName: string) => string;
    empty: string;
    by: string;
    editions: (portalName: string) => string;
    /** The name of each edition in its own language (the link carries that language). */
    edition: Record<Edition, string>;
  };
  closing: { title: string; text: string; register: string; signInPrompt: string; signIn: string };
}

const de: LandingTexts = {
  locale: "de-DE",
  hero: {
    eyebrow: "Pressdesk für Pressestellen und Agenturen",
    title: "Pressemitteilungen veröffentlichen – geprüft, verbreitet, belegt",
    lead:
      "Pressdesk prüft Ihre Pressemitteilung automatisch, veröffentlicht sie auf Pressdesk Business oder Pressdesk Tech und bringt sie " +
      "in Feeds, die News-Sitemap und zu Suchmaschinen – mit signiertem Nachweis für jede Veröffentlichung.",
    points: (cheapest) => [
      "Einreichen im Kundenbereich oder über die API",
      "Deutsche und englische Ausgabe auf jedem Portal",
      ...(cheapest ? [`Tarife ab ${cheapest} netto im Monat`] : []),
    ],
    pointsLabel: "Auf einen Blick",
    register: "Registrieren",
    signInPrompt: "Schon Kunde?",
    signIn: "Anmelden",
    seePrices: "Tarife und Preise ansehen",
  },
  steps: {
    title: "So funktioniert die Veröffentlichung",
    intro: "Vier Schritte vom Entwurf bis zur Meldung, die Leser, Redaktionen und Suchmaschinen erreicht.",
    items: [
      {
        title: "Schreiben und einreichen",
        text:
          "Verfassen Sie Ihre Meldung im Editor des Kundenbereichs, mit Live-Vorschau im Layout des Portals, oder senden Sie sie über " +
          "die HTTP-API. Bilder laden Sie gleich dazu; auf Wunsch legen Sie den Zeitpunkt der Veröffentlichung fest.",
      },
      {
        title: "Automatische Prüfung in wenigen Minuten",
        text: "Direkt nach dem Einreichen prüft Pressdesk Text und Bilder; das Ergebnis liegt in der Regel nach wenigen Minuten vor. Geprüft wird:",
        items: [
          "Werbesprache: Kaufaufrufe, Rabatte und „gratis“ gehören in eine Anzeige, nicht in eine Nachricht – auch nicht in Bildunterschriften und Alternativtexte.",
          "Form: keine Überschrift in Großbuchstaben, keine mehrfachen Ausrufezeichen, genug Text, mit Ortsmarke und Pressekontakt.",
          "Links: sparsam gesetzt und ehrlich – ein Link, der eine andere Adresse anzeigt, als er öffnet, wird abgelehnt.",
          "Eigenständigkeit: kein Text, den ein anderer Newsroom bereits veröffentlicht hat.",
          "Bildrechte: Zu jedem Bild nennen Sie den Rechteinhaber und bestätigen die Nutzungsrechte; ohne diese Bestätigung wird nichts veröffentlicht.",
        ],
        after:
          "Lehnt die Prüfung eine Meldung ab, nennen wir Ihnen die Gründe per E-Mail; Sie überarbeiten sie und reichen sie erneut ein.",
      },
      {
        title: "Veröffentlichung auf dem Portal",
        text:
          "Nach bestandener Prüfung erscheint die Meldung sofort oder zum gewünschten Zeitpunkt auf dem Portal Ihres Newsrooms: als " +
          "eigene Seite, auf der Seite ihrer Kategorie und in deren Archiv sowie auf Ihrer Newsroom-Seite.",
      },
      {
        title: "Verbreitung an Leser und Suchmaschinen",
        text: "Gleich mit der Veröffentlichung geht die Meldung hinaus:",
        items: [
          "in die RSS- und JSON-Feeds der Ausgabe, der Kategorie und Ihres Newsrooms – Abonnenten erhalten sie per WebSub-Push, ohne den Feed abzufragen,",
          "in die News-Sitemap des Portals, 48 Stunden lang,",
          "per IndexNow an die Suchmaschinen, die das Verfahren unterstützen.",
        ],
      },
    ],
  },
  features: {
    title: "Was Sie bekommen",
    intro: "Mehr als eine Seite im Netz: Nachweise, Zahlen und Werkzeuge für Ihre Pressearbeit.",
    items: [
      {
        title: "Signierte Veröffentlichungsnachweise",
        text:
          "Für jede Veröffentlichung und jede spätere Änderung stellt Pressdesk einen digital signierten Nachweis aus: was wann wo " +
          "erschienen ist. Sie laden ihn als JSON oder PDF im Kundenbereich herunter; prüfen kann ihn jeder, auf unserer Prüfseite oder " +
          "ganz ohne uns mit dem öffentlichen Schlüssel.",
      },
      {
        title: "Reichweitenbericht",
        text:
          "Aufrufe pro Tag, Teilungen je Kanal, Feed-Reader mit ihren Abonnentenzahlen, Abrufe durch Suchmaschinen-Crawler und die " +
          "IndexNow-Meldungen – für jede Meldung und je Newsroom nach Monaten, jede Tabelle auch als CSV-Datei.",
      },
      {
        title: "Vorschau unter Sperrfrist",
        text:
          "Geben Sie Journalistinnen und Journalisten vor der Veröffentlichung einen persönlichen Vorschau-Link. Er zeigt die Meldung so, " +
          "wie das Portal sie darstellen wird, nennt Empfänger und Sperrfrist und endet von selbst; widerrufen können Sie ihn jederzeit, " +
          "und Sie sehen, wie oft er geöffnet wurde.",
      },
      {
        title: "API und Webhooks",
        text:
          "Meldungen, Bilder und Nachweise über die HTTP-API verwalten; signierte Webhooks melden Ihren Systemen sofort, wenn eine " +
          "Meldung geprüft, veröffentlicht oder abgelehnt wurde.",
      },
      {
        title: "Nachweis der Bildrechte",
        text:
          "Ihre Rechtebestätigung wird mit dem digitalen Fingerabdruck (SHA-256) genau dieses Bildes gespeichert. Original, " +
          "veröffentlichte Fassung und Bestätigung archivieren wir signiert – für den Fall, dass später jemand Rechte an einem Bild geltend macht.",
      },
    ],
  },
  prices: {
    title: "Tarife und Preise",
    intro:
      "Ein Monatsabo mit festem Kontingent an Veröffentlichungen pro Kalendermonat. Wählen Sie den Tarif, der zu Ihrer Pressearbeit passt.",
    perMonthNet: "netto pro Monat",
    gross: (gross) => `${gross} inkl. USt.`,
    quota: "Veröffentlichungen pro Monat",
    apiAccess: "API-Zugang",
    yes: "Ja",
    no: "Nein",
    start: "Jetzt starten",
    startPlan: (name) => ` mit dem Tarif ${name}`,
    cancellation: "Monatlich kündbar zum Ende des bezahlten Monats, online im Kundenbereich.",
    note: (vat) => `Alle Preise in Euro, netto pro Monat, zuzüglich ${vat}\u00a0% Umsatzsteuer.`,
  },
  api: {
    title: "Die API für Ihre Systeme",
    text:
      "Redaktionssysteme und Agentur-Werkzeuge veröffentlichen über die HTTP-API: JSON über HTTPS, Zugang mit einem Token aus dem " +
      "Kundenbereich, vollständig beschrieben als OpenAPI 3.1.",
    items: [
      "Meldungen anlegen, ändern, einreichen und ihren Stand abfragen",
      "Bilder hochladen, ordnen und korrigieren",
      "Veröffentlichungsnachweise abrufen",
      "Idempotency-Key: eine wiederholte Anfrage legt keine Meldung doppelt an",
      "Webhooks im Format von Standard Webhooks, signiert und mit Zustellprotokoll",
    ],
    included: (plans) => `Die API ist in den Tarifen ${plans} enthalten.`,
    notIncluded: "Die API gehört zu ausgewählten Tarifen.",
    docs: "API-Dokumentation lesen",
    docsLanguage: " (auf Englisch)",
  },
  faq: {
    title: "Häufige Fragen",
    items: (apiPlans) => [
      {
        question: "Wie schnell wird meine Pressemitteilung veröffentlicht?",
        answer:
          "Die automatische Prüfung beginnt direkt nach dem Einreichen; das Ergebnis liegt in der Regel nach wenigen Minuten vor. " +
          "Besteht die Meldung, erscheint sie sofort oder zu dem Zeitpunkt, den Sie festgelegt haben.",
      },
      {
        question: "Was passiert, wenn die Prüfung meine Meldung ablehnt?",
        answer:
          "Sie erhalten eine E-Mail mit den Gründen und einem Verweis auf unsere Qualitätsrichtlinien, überarbeiten die Meldung und " +
          "reichen sie erneut ein. Wird eine Meldung mehrfach abgelehnt, entscheidet unsere Redaktion über sie.",
      },
      {
        question: "Auf welchem Portal und in welcher Sprache erscheint meine Meldung?",
        answer:
          "Beim Einrichten Ihres Newsrooms wählen Sie einmalig sein Portal: Pressdesk Business oder Pressdesk Tech. Jede Meldung " +
          "schreiben Sie auf Deutsch oder auf Englisch; sie erscheint in der Ausgabe des Portals in dieser Sprache.",
      },
      {
        question: "Was passiert, wenn mein monatliches Kontingent aufgebraucht ist?",
        answer:
          "Das Kontingent gilt je Kalendermonat. Eine Meldung, die die Prüfung bestanden hat, wartet dann und erscheint von selbst, " +
          "sobald wieder Kontingent frei ist, etwa zu Beginn des nächsten Kalendermonats.",
      },
      {
        question: "Kann ich eine veröffentlichte Meldung ändern oder zurücknehmen?",
        answer:
          "Vor der Veröffentlichung können Sie eine Meldung jederzeit zurückziehen und bearbeiten. Eine veröffentlichte Meldung können " +
          "Sie einmal kostenpflichtig ändern; die neue Fassung wird vorher genauso geprüft. Oder Sie archivieren sie: Dann nimmt " +
          "Pressdesk sie vom Portal.",
      },
      {
        question: "Wie kann ich kündigen?",
        answer:
          "Die Tarife sind Monatsabos und monatlich kündbar. Sie kündigen online im Kundenbereich und erhalten eine Bestätigung per " +
          "E-Mail; Ihr Tarif läuft bis zum Ende des bezahlten Monats weiter.",
      },
      {
        question: "Wie belege ich, dass und wann eine Meldung erschienen ist?",
        answer:
          "Mit dem Veröffentlichungsnachweis: Er ist digital signiert (Ed25519) und nennt Portal, Adresse, Zeitpunkt und den " +
          "Fingerabdruck des Textes. Sie laden ihn als JSON oder PDF herunter; jeder kann ihn auf unserer Prüfseite oder ohne uns mit " +
          "openssl prüfen.",
      },
      {
        question: "Brauche ich die API?",
        answer: apiPlans
          ? `Nein, alles geht auch im Kundenbereich. Die API lohnt sich, wenn Sie aus einem Redaktionssystem oder für viele Kunden veröffentlichen; sie ist in den Tarifen ${apiPlans} enthalten.`
          : "Nein, alles geht auch im Kundenbereich. Die API lohnt sich, wenn Sie aus einem Redaktionssystem oder für viele Kunden veröffentlichen.",
      },
    ],
  },
  portals: {
    title: "Unsere Portale",
    intro: "Ihre Meldungen erscheinen auf einem von zwei Portalen, jedes mit deutscher und englischer Ausgabe.",
    latest: (name) => `Neu auf ${name}`,
    empty: "Noch keine Pressemitteilungen.",
    by: "von",
    editions: (name) => `Ausgaben von ${name}`,
    edition: { de: "Deutsche Ausgabe", en: "English edition" },
  },
  closing: {
    title: "Bereit für Ihre nächste Pressemitteilung?",
    text: "Registrieren Sie sich, richten Sie Ihren Newsroom ein, wählen Sie einen Tarif und reichen Sie Ihre erste Meldung ein.",
    register: "Jetzt registrieren",
    signInPrompt: "Schon Kunde?",
    signIn: "Anmelden",
  },
};

const en: LandingTexts = {
  locale: "en-GB",
  hero: {
    eyebrow: "Pressdesk for press offices and agencies",
    title: "Publish press releases – checked, distributed, on record",
    lead:
      "Pressdesk checks your press release automatically, publishes it on Pressdesk Business or Pressdesk Tech and takes it into " +
      "feeds, the news sitemap and to search engines – with a signed receipt for every publication.",
    points: (cheapest) => [
      "Submit in the dashboard or through the API",
      "A German and an English edition on each portal",
      ...(cheapest ? [`Plans from ${cheapest} a month, net`] : []),
    ],
    pointsLabel: "At a glance",
    register: "Register",
    signInPrompt: "Already a customer?",
    signIn: "Sign in",
    seePrices: "See plans and prices",
  },
  steps: {
    title: "How publishing works",
    intro: "Four steps from your draft to a release that reaches readers, newsrooms and search engines.",
    items: [
      {
        title: "Write and submit",
        text:
          "Write your release in the dashboard's editor, with a live preview in the portal's layout, or send it through the HTTP API. " +
          "Upload images along with it; if you like, set the time of publication.",
      },
      {
        title: "Automatic check within minutes",
        text: "Right after you submit, Pressdesk checks text and images; the result is usually there within a few minutes. It checks:",
        items: [
          "Advertising language: calls to buy, discounts and “free” belong in an advert, not in news – nor in image captions and alt texts.",
          "Form: no headline in capitals, no repeated exclamation marks, enough text, with a dateline and a press contact.",
          "Links: few and honest – a link that shows one address but opens another is rejected.",
          "Originality: no text another newsroom has already published.",
          "Image rights: for every image you name the rights holder and confirm the rights of use; without that confirmation nothing is published.",
        ],
        after: "If the check rejects a release, we e-mail you the reasons; you revise it and submit it again.",
      },
      {
        title: "Publication on the portal",
        text:
          "Once it passes, the release appears at once or at the time you chose, on your newsroom's portal: as a page of its own, on its " +
          "category's page and in its archive, and on your newsroom page.",
      },
      {
        title: "Distribution to readers and search engines",
        text: "With publication the release goes out:",
        items: [
          "into the RSS and JSON feeds of the edition, the category and your newsroom – subscribers get it by WebSub push, without polling the feed,",
          "into the portal's news sitemap, for 48 hours,",
          "through IndexNow to the search engines that support it.",
        ],
      },
    ],
  },
  features: {
    title: "What you get",
    intro: "More than a page on the web: evidence, figures and tools for your press work.",
    items: [
      {
        title: "Signed publication receipts",
        text:
          "For every publication and every later change Pressdesk issues a digitally signed receipt: what appeared where and when. " +
          "Download it as JSON or PDF in the dashboard; anyone can verify it, on our verification page or without us, with the public key.",
      },
      {
        title: "Reach report",
        text:
          "Views per day, shares per channel, feed readers with their subscriber counts, fetches by search engine crawlers and the " +
          "IndexNow pings – for every release and per newsroom by month, every table also as a CSV file.",
      },
      {
        title: "Embargoed previews",
        text:
          "Give journalists a personal preview link before publication. It shows the release as the portal will present it, names the " +
          "recipient and the embargo and ends by itself; you can revoke it at any time and see how often it was opened.",
      },
      {
        title: "API and webhooks",
        text:
          "Manage releases, images and receipts through the HTTP API; signed webhooks tell your systems the moment a release is checked, " +
          "published or rejected.",
      },
      {
        title: "Image rights evidence",
        text:
          "Your rights confirmation is stored with the digital fingerprint (SHA-256) of exactly that image. We keep the original, the " +
          "published version and the confirmation in a signed archive – in case anyone later claims rights to an image.",
      },
    ],
  },
  prices: {
    title: "Plans and prices",
    intro: "A monthly subscription with a fixed number of publications per calendar month. Choose the plan that fits your press work.",
    perMonthNet: "net per month",
    gross: (gross) => `${gross} incl. VAT`,
    quota: "Publications per month",
    apiAccess: "API access",
    yes: "Yes",
    no: "No",
    start: "Get started",
    startPlan: (name) => ` with the ${name} plan`,
    cancellation: "Cancel any month, effective at the end of the month you have paid for, online in the dashboard.",
    note: (vat) => `All prices in euro, net per month, plus ${vat}\u00a0% German VAT.`,
  },
  api: {
    title: "The API for your systems",
    text:
      "Editorial systems and agency tools publish through the HTTP API: JSON over HTTPS, access with a token from the dashboard, fully " +
      "described as OpenAPI 3.1.",
    items: [
      "Create, change and submit releases and read their status",
      "Upload, order and correct images",
      "Fetch publication receipts",
      "Idempotency-Key: a repeated request never creates a release twice",
      "Webhooks in the Standard Webhooks format, signed, with a delivery log",
    ],
    included: (plans) => `The API comes with the ${plans} plans.`,
    notIncluded: "The API comes with selected plans.",
    docs: "Read the API documentation",
    docsLanguage: "",
  },
  faq: {
    title: "Frequently asked questions",
    items: (apiPlans) => [
      {
        question: "How fast is my press release published?",
        answer:
          "The automatic check starts right after you submit; the result is usually there within a few minutes. If the release passes, " +
          "it appears at once or at the time you set.",
      },
      {
        question: "What happens if the check rejects my release?",
        answer:
          "You get an e-mail with the reasons and a pointer to our quality guidelines, revise the release and submit it again. If a " +
          "release is rejected several times, our editors decide on it.",
      },
      {
        question: "On which portal and in which language does my release appear?",
        answer:
          "When you set up your newsroom you choose its portal once: Pressdesk Business or Pressdesk Tech. You write each release in " +
          "German or in English; it appears in the portal's edition in that language.",
      },
      {
        question: "What happens when my monthly quota is used up?",
        answer:
          "The quota runs per calendar month. A release that passed the check then waits and appears by itself as soon as quota is " +
          "free again, for instance when the next calendar month begins.",
      },
      {
        question: "Can I change or take back a published release?",
        answer:
          "Before publication you can withdraw and edit a release at any time. A published release can be changed once for a fee; the " +
          "new version is checked the same way first. Or you archive it: Pressdesk then takes it off the portal.",
      },
      {
        question: "How do I cancel?",
        answer:
          "Plans are monthly subscriptions you can cancel every month. You cancel online in the dashboard and get a confirmation by " +
          "e-mail; your plan keeps running until the end of the month you have paid for.",
      },
      {
        question: "How do I prove that and when a release was published?",
        answer:
          "With the publication receipt: it is digitally signed (Ed25519) and states the portal, the address, the time and the " +
          "fingerprint of the text. Download it as JSON or PDF; anyone can verify it on our verification page or without us with openssl.",
      },
      {
        question: "Do I need the API?",
        answer: apiPlans
          ? `No, everything works in the dashboard too. The API pays off when you publish from an editorial system or for many clients; it comes with the ${apiPlans} plans.`
          : "No, everything works in the dashboard too. The API pays off when you publish from an editorial system or for many clients.",
      },
    ],
  },
  portals: {
    title: "Our portals",
    intro: "Your releases appear on one of two portals, each with a German and an English edition.",
    latest: (name) => `New on ${name}`,
    empty: "No press releases yet.",
    by: "by",
    editions: (name) => `Editions of ${name}`,
    edition: { de: "Deutsche Ausgabe", en: "English edition" },
  },
  closing: {
    title: "Ready for your next press release?",
    text: "Register, set up your newsroom, choose a plan and submit your first release.",
    register: "Register now",
    signInPrompt: "Already a customer?",
    signIn: "Sign in",
  },
};

export const LANDING_TEXTS: Record<Edition, LandingTexts> = { de, en };
