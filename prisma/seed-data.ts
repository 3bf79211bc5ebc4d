// Seed data: the portals' category tree (every installation) and the demo content (believable
// newsrooms, people and releases on both portals and editions; local installations only).
import type { ReviewReason } from "@/lib/domains/review/classifier";
import type { Portal } from "@/lib/domains/sites";
import { NEWSROOM_RELEASES } from "./seed-demo-releases";

export const PORTAL_CATEGORIES: {
  portal: Portal;
  slug: string;
  de: string;
  en: string;
  children?: { slug: string; de: string; en: string }[];
}[] = [
  {
    portal: "business",
    slug: "wirtschaft",
    de: "Wirtschaft",
    en: "Economy",
    children: [
      { slug: "mittelstand", de: "Mittelstand", en: "SMEs" },
      { slug: "handel", de: "Handel", en: "Retail" },
    ],
  },
  {
    portal: "business",
    slug: "finanzen",
    de: "Finanzen",
    en: "Finance",
    children: [
      { slug: "banken", de: "Banken", en: "Banking" },
      { slug: "versicherungen", de: "Versicherungen", en: "Insurance" },
    ],
  },
  { portal: "business", slug: "energie", de: "Energie", en: "Energy" },
  {
    portal: "tech",
    slug: "software",
    de: "Software",
    en: "Software",
    children: [
      { slug: "cloud", de: "Cloud", en: "Cloud" },
      { slug: "sicherheit", de: "IT-Sicherheit", en: "Security" },
    ],
  },
  {
    portal: "tech",
    slug: "forschung",
    de: "Forschung",
    en: "Research",
    children: [{ slug: "medizintechnik", de: "Medizintechnik", en: "Medical technology" }],
  },
  { portal: "tech", slug: "mobilitaet", de: "Mobilität", en: "Mobility" },
];

export const DEMO_COMPANIES = [
  {
    portal: "business",
    slug: "nordlicht-energie",
    name: "Nordlicht Energie GmbH",
    email: "presse@nordlicht-energie.example",
    website: "https://nordlicht-energie.example",
    description: "Regionaler Versorger für Strom und Wärme aus Wind und Sonne.",
  },
  {
    portal: "business",
    slug: "hansebank",
    name: "Hansebank AG",
    email: "presse@hansebank.example",
    website: "https://hansebank.example",
    description: "Privat- und Geschäftsbank mit Sitz in Hamburg.",
  },
  {
    portal: "tech",
    slug: "quellcode-labs",
    name: "Quellcode Labs GmbH",
    email: "press@quellcode-labs.example",
    website: "https://quellcode-labs.example",
    description: "Software for secure cloud operations.",
  },
  {
    portal: "tech",
    slug: "medisense",
    name: "MediSense Technologies",
    email: "press@medisense.example",
    website: "https://medisense.example",
    description: "Sensors for clinical diagnostics.",
  },
  {
    portal: "business",
    slug: "kornblume-feinkost",
    name: "Kornblume Feinkost GmbH",
    email: "presse@kornblume-feinkost.example",
    website: "https://kornblume-feinkost.example",
    description: "Feinkost- und Lebensmittelhändler mit 48 Märkten in Norddeutschland.",
  },
  {
    portal: "business",
    slug: "brakenhof-maschinenbau",
    name: "Brakenhof Maschinenbau GmbH",
    email: "presse@brakenhof-maschinenbau.example",
    website: "https://brakenhof-maschinenbau.example",
    description: "Familiengeführter Hersteller von Verpackungs- und Abfüllanlagen.",
  },
  {
    portal: "business",
    slug: "lotsenhaus-versicherung",
    name: "Lotsenhaus Versicherung AG",
    email: "presse@lotsenhaus-versicherung.example",
    website: "https://lotsenhaus-versicherung.example",
    description: "Regionaler Sach- und Lebensversicherer aus Kiel.",
  },
  {
    portal: "tech",
    slug: "voltweg-mobility",
    name: "Voltweg Mobility GmbH",
    email: "press@voltweg-mobility.example",
    website: "https://voltweg-mobility.example",
    description: "Fast-charging networks and software for electric mobility.",
  },
  {
    portal: "tech",
    slug: "lumenfeld-photonics",
    name: "Lumenfeld Photonics GmbH",
    email: "press@lumenfeld-photonics.example",
    website: "https://lumenfeld-photonics.example",
    description: "Optical components for sensing, medical technology and quantum communication.",
  },
] as const;

/** Every demo user and staff member signs in with this password (README, "Start it"). */
export const DEMO_PASSWORD = "pressdesk-demo-2026";

export const DEMO_USERS = [
  { email: "owner@nordlicht-energie.example", name: "Jana Petersen", company: "nordlicht-energie", role: "owner" },
  { email: "team@nordlicht-energie.example", name: "Malte Ohlsen", company: "nordlicht-energie", role: "member" },
  { email: "owner@hansebank.example", name: "Dr. Carla Wendt", company: "hansebank", role: "owner" },
  { email: "presse@hansebank.example", name: "Tobias Brandt", company: "hansebank", role: "responsible" },
  { email: "owner@quellcode-labs.example", name: "Aylin Demir", company: "quellcode-labs", role: "owner" },
  { email: "dev@quellcode-labs.example", name: "Jonas Richter", company: "quellcode-labs", role: "member" },
  // Has not accepted the current legal documents yet: with LEGAL_ACCEPTANCE_GATE on, the release
  // form asks for them before a submission. Every other demo customer accepted them on sign-up.
  { email: "owner@medisense.example", name: "Sarah Kim", company: "medisense", role: "owner", acceptedLegalDocuments: false },
  // The newsrooms that fill the portals' other categories (prisma/seed-demo-releases.ts).
  { email: "owner@kornblume-feinkost.example", name: "Henrike Albers", company: "kornblume-feinkost", role: "owner" },
  { email: "owner@brakenhof-maschinenbau.example", name: "Johanna Brakenhof", company: "brakenhof-maschinenbau", role: "owner" },
  { email: "owner@lotsenhaus-versicherung.example", name: "Dr. Imke Thomsen", company: "lotsenhaus-versicherung", role: "owner" },
  { email: "owner@voltweg-mobility.example", name: "Marco Lindqvist", company: "voltweg-mobility", role: "owner" },
  { email: "owner@lumenfeld-photonics.example", name: "Dr. Annika Roth", company: "lumenfeld-photonics", role: "owner" },
] as const;

export const DEMO_STAFF = [
  {
    email: "admin@pressdesk.localhost",
    name: "Alex Redaktion",
    staffRole: "admin",
    permissions: ["press-releases:publish", "companies:write"],
  },
  { email: "superadmin@pressdesk.localhost", name: "Sam Betrieb", staffRole: "super_admin", permissions: [] },
] as const;

type State = "published" | "in_review" | "rejected" | "draft" | "scheduled";

export interface DemoRelease {
  key: string;
  company: string;
  category: string;
  language: "de" | "en";
  state: State;
  /** Days before now it was published (published) or days ahead (scheduled). */
  days: number;
  /** "MM-DD": published on that day of the previous calendar year instead (the category archives show two years). */
  lastYear?: string;
  /** "newsroom": the newsroom's default press contact (name and phone) instead of "Pressestelle". */
  contact?: "newsroom";
  title: string;
  lead: string;
  paragraphs: string[];
  location: string;
  /** Also published on the other portal as a second copy pointing here. */
  copyTo?: Portal;
  /** Tombstoned after publication (its page answers 410). */
  gone?: true;
}

export const DEMO_RELEASES: DemoRelease[] = [
  {
    key: "nl-windpark",
    company: "nordlicht-energie",
    category: "energie",
    language: "de",
    state: "published",
    days: 0.2,
    location: "Husum",
    title: "Nordlicht Energie nimmt Windpark Osterfeld in Betrieb",
    lead: "Zwölf Anlagen versorgen ab sofort rechnerisch 38.000 Haushalte mit Strom aus der Region.",
    paragraphs: [
      "Nach 18 Monaten Bauzeit hat Nordlicht Energie den Windpark Osterfeld mit zwölf Anlagen und einer Gesamtleistung von 54 Megawatt in Betrieb genommen.",
      "Die Gemeinde Osterfeld ist über ein Bürgerbeteiligungsmodell an den Erträgen beteiligt. Der Netzanschluss erfolgte über ein neues Umspannwerk.",
    ],
  },
  {
    key: "nl-tarif",
    company: "nordlicht-energie",
    category: "wirtschaft",
    language: "de",
    state: "published",
    days: 3,
    location: "Husum",
    title: "Neuer Regionaltarif: Strom aus Nordfriesland für Nordfriesland",
    lead: "Kundinnen und Kunden im Netzgebiet können ab Januar einen Tarif mit regionalem Herkunftsnachweis wählen.",
    paragraphs: [
      "Der Tarif „Heimatstrom“ kombiniert Erzeugung aus Anlagen im Umkreis von 50 Kilometern mit einer Preisgarantie über 24 Monate.",
      "Die Umstellung ist ohne Zählerwechsel möglich.",
    ],
  },
  {
    key: "nl-en",
    company: "nordlicht-energie",
    category: "energie",
    language: "en",
    state: "published",
    days: 1,
    location: "Husum",
    title: "Nordlicht Energie commissions Osterfeld wind farm",
    lead: "Twelve turbines now supply the equivalent of 38,000 households with regional power.",
    paragraphs: [
      "After 18 months of construction, Nordlicht Energie has commissioned the 54-megawatt Osterfeld wind farm.",
      "Residents of Osterfeld share in the yield through a community participation model.",
    ],
  },
  {
    key: "hb-quartal",
    company: "hansebank",
    category: "banken",
    language: "de",
    state: "published",
    days: 2,
    location: "Hamburg",
    title: "Hansebank steigert Kreditvolumen im Mittelstand um neun Prozent",
    lead: "Die Bank legt Zahlen für das dritte Quartal vor und bestätigt ihre Jahresprognose.",
    paragraphs: [
      "Das Kreditvolumen an mittelständische Unternehmen stieg im Vergleich zum Vorjahresquartal um neun Prozent auf 4,2 Milliarden Euro.",
      "Die harte Kernkapitalquote lag zum Stichtag bei 15,1 Prozent.",
    ],
    copyTo: "tech",
  },
  {
    key: "hb-app",
    company: "hansebank",
    category: "finanzen",
    language: "en",
    state: "published",
    days: 5,
    location: "Hamburg",
    title: "Hansebank launches business banking app for freelancers",
    lead: "Invoicing, tax reserves and payments in one app, available from today.",
    paragraphs: [
      "The new app links a business account with invoicing and automatically sets aside an estimated tax reserve for each incoming payment.",
      "It is free for the first twelve months.",
    ],
  },
  {
    key: "hb-withdrawn",
    company: "hansebank",
    category: "banken",
    language: "de",
    state: "published",
    days: 9,
    location: "Hamburg",
    gone: true,
    title: "Hansebank kündigt Filialkonzept für den ländlichen Raum an",
    lead: "Die Meldung wurde nach einer Berichtigung zurückgezogen.",
    paragraphs: ["Die Bank plante mobile Filialen für Gemeinden ohne eigene Geschäftsstelle.", "Die Meldung ist nicht mehr verfügbar."],
  },
  {
    key: "hb-review",
    company: "hansebank",
    category: "versicherungen",
    language: "de",
    state: "in_review",
    days: 0,
    location: "Hamburg",
    title: "Hansebank kooperiert mit regionalen Versicherern",
    lead: "Gewerbekunden erhalten Versicherungsschutz direkt im Online-Banking.",
    paragraphs: ["Die Kooperation umfasst Betriebshaftpflicht und Inhaltsversicherung."],
  },
  {
    key: "ql-release",
    company: "quellcode-labs",
    category: "cloud",
    language: "en",
    state: "published",
    days: 0.5,
    location: "Berlin",
    title: "Quellcode Labs releases Harbor 3.0 for zero-trust cloud deployments",
    lead: "The new version signs every deployment and verifies it at runtime.",
    paragraphs: [
      "Harbor 3.0 adds signed deployment manifests, policy checks at admission time and an audit trail that customers can export.",
      "The release is available to all customers at no extra cost.",
    ],
  },
  {
    key: "ql-de",
    company: "quellcode-labs",
    category: "sicherheit",
    language: "de",
    state: "published",
    days: 4,
    location: "Berlin",
    title: "Quellcode Labs eröffnet Sicherheitslabor in Leipzig",
    lead: "Zwanzig neue Stellen für Sicherheitsforschung entstehen bis Ende des Jahres.",
    paragraphs: [
      "Das Labor arbeitet mit der Universität Leipzig an Verfahren zur Prüfung von Software-Lieferketten.",
      "Die ersten Ergebnisse sollen im Frühjahr veröffentlicht werden.",
    ],
  },
  {
    key: "ql-draft",
    company: "quellcode-labs",
    category: "software",
    language: "en",
    state: "draft",
    days: 0,
    location: "Berlin",
    title: "Quellcode Labs appoints new Chief Technology Officer",
    lead: "Draft announcement.",
    paragraphs: ["To be completed."],
  },
  {
    key: "ql-rejected",
    company: "quellcode-labs",
    category: "software",
    language: "de",
    state: "rejected",
    days: 0,
    location: "Berlin",
    title: "UNGLAUBLICH!!! DIE BESTE SOFTWARE ALLER ZEITEN",
    lead: "Jetzt kaufen!!!",
    paragraphs: ["Nur heute: 90 % Rabatt! Klicken Sie hier!"],
  },
  {
    key: "ms-studie",
    company: "medisense",
    category: "medizintechnik",
    language: "de",
    state: "published",
    days: 1.5,
    location: "Tübingen",
    title: "MediSense-Sensor erkennt Sepsis-Marker zwei Stunden früher",
    lead: "Eine klinische Studie mit 420 Patientinnen und Patienten bestätigt den Nutzen in der Notaufnahme.",
    paragraphs: [
      "Der Sensor misst sechs Entzündungsmarker aus einem Tropfen Blut und liefert nach zwölf Minuten ein Ergebnis.",
      "Die Studie wurde im Fachjournal „Klinische Diagnostik“ veröffentlicht.",
    ],
  },
  {
    key: "ms-embargo",
    company: "medisense",
    category: "medizintechnik",
    language: "en",
    state: "scheduled",
    days: 2,
    location: "Tübingen",
    title: "MediSense receives CE mark for bedside sepsis test",
    lead: "Embargoed until the announcement.",
    paragraphs: ["The test will be available to hospitals across the EU."],
  },
  // Every category of both portals in both editions, over the last eight weeks and the previous year.
  ...NEWSROOM_RELEASES,
];

/**
 * The check verdicts that brought each demo release resting in review or rejected there: what the
 * deterministic text check rates the demo text (written down, so a start on a fresh database
 * never depends on the check's rules; tests/seed.integration.test.ts holds them equal).
 */
export const DEMO_CHECKS: Record<string, { classifier: string; reasons: ReviewReason[] }> = {
  "hb-review": {
    classifier: "deterministic-v1",
    reasons: [{ code: "too_short", severity: "red", message: "Der Text ist zu kurz (mindestens 150 Zeichen)." }],
  },
  "ql-rejected": {
    classifier: "deterministic-v1",
    reasons: [
      { code: "advertising", severity: "red", message: "Der Text liest sich wie Werbung, nicht wie eine Nachricht." },
      { code: "shouting", severity: "red", message: "Die Überschrift ist in Großbuchstaben geschrieben." },
      { code: "exclamations", severity: "red", message: "Mehrfache Ausrufe- oder Fragezeichen." },
      { code: "too_short", severity: "red", message: "Der Text ist zu kurz (mindestens 150 Zeichen)." },
    ],
  },
};

/** A red reason for a demo release without a written verdict: it still rests only where the pipeline can leave one. */
export const FALLBACK_CHECK = {
  classifier: "demo",
  reasons: [{ code: "demo", severity: "red", message: "Beispielinhalt: von der Prüfung abgelehnt." }] satisfies ReviewReason[],
};
