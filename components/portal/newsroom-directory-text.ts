import type { Edition } from "@/lib/domains/sites";

const de = new Intl.NumberFormat("de-DE");
const en = new Intl.NumberFormat("en-GB");

/** The directory's words in both editions. */
export const DIRECTORY_TEXT = {
  de: {
    title: "Newsrooms",
    description: (site: string) => `Alle Unternehmen und Organisationen, die auf ${site} Pressemitteilungen veröffentlichen, von A bis Z.`,
    search: "Newsrooms nach Namen durchsuchen",
    placeholder: "Name des Newsrooms",
    submit: "Suchen",
    letters: "Newsrooms nach Anfangsbuchstabe",
    all: "Alle",
    other: "# (andere Zeichen)",
    count: (n: number) => (n === 1 ? "1 Newsroom" : `${de.format(n)} Newsrooms`),
    found: (n: number, q: string) => `${n === 1 ? "1 Newsroom" : `${de.format(n)} Newsrooms`} für „${q}“`,
    empty: "Keine Newsrooms gefunden.",
    reset: "Alle Newsrooms zeigen",
    releases: (n: number) => (n === 1 ? "1 Pressemitteilung" : `${de.format(n)} Pressemitteilungen`),
    page: "Seite",
    of: "von",
    prev: "Zurück",
    next: "Weiter",
    pages: "Seiten",
  },
  en: {
    title: "Newsrooms",
    description: (site: string) => `Every company and organisation publishing press releases on ${site}, from A to Z.`,
    search: "Search newsrooms by name",
    placeholder: "Newsroom name",
    submit: "Search",
    letters: "Newsrooms by initial",
    all: "All",
    other: "# (other characters)",
    count: (n: number) => (n === 1 ? "1 newsroom" : `${en.format(n)} newsrooms`),
    found: (n: number, q: string) => `${n === 1 ? "1 newsroom" : `${en.format(n)} newsrooms`} matching “${q}”`,
    empty: "No newsrooms found.",
    reset: "Show all newsrooms",
    releases: (n: number) => (n === 1 ? "1 press release" : `${en.format(n)} press releases`),
    page: "Page",
    of: "of",
    prev: "Previous",
    next: "Next",
    pages: "Pages",
  },
} as const satisfies Record<Edition, unknown>;
