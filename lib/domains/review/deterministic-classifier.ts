import { textWithoutMarkup } from "@/lib/domains/releases/content-hash";
import { linksOf } from "@/lib/domains/releases/links";
import { resultOf, type ClassifierInput, type ReviewReason, type TextClassifier } from "./classifier";

// Rules a press desk applies to every release: it must read as news, not as an advert. A phrase
// matches with or without the spaces between its words ("jetztkaufen": what a zero-width space
// leaves once invisible characters are taken out, lib/core/input/text.ts).
export const ADVERTISING = [
  /\bjetzt\s*kaufen/i,
  /\bnur\s*heute\b/i,
  /\bklicken\s*sie\s*hier/i,
  /\brabatt\b/i,
  /gratis/i,
  /sonderangebot/i,
  /unglaublich/i,
  /\bbuy\s*now\b/i,
  /\bclick\s*here\b/i,
  /\blimited\s*(time\s*)?offer/i,
  /\bdiscount\b/i,
  /\bfree\s*trial\b/i,
  /\bact\s*now\b/i,
  /\bbest\b.*\bever\b/i,
];
const MIN_RED_CHARS = 150;
const MIN_YELLOW_CHARS = 400;

/** Share of capitals among the letters of `text`; 0 below `minLetters` letters (an abbreviation is no shouting). */
export function shoutingRatio(text: string, minLetters = 12): number {
  const letters = text.replace(/[^A-Za-zÄÖÜäöüß]/g, "");
  if (letters.length < minLetters) return 0;
  return letters.replace(/[^A-ZÄÖÜ]/g, "").length / letters.length;
}

/** The host a link text shows, when it shows one ("www.bank.de", "https://bank.de/login"). */
function shownHost(t: string): string | null {
  if (/\s/.test(t) || !/^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(t)) return null;
  try {
    return new URL(/^https?:\/\//i.test(t) ? t : `https://${t}`).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Links whose text names one address while they open another: the classic phishing link. */
function misleadingLinks(html: string): number {
  let count = 0;
  for (const { href, text } of linksOf(html)) {
    const shown = shownHost(text);
    if (!shown) continue;
    try {
      if (new URL(href).hostname.replace(/^www\./, "") !== shown) count++;
    } catch {
      count++;
    }
  }
  return count;
}

export function deterministicReasons(input: ClassifierInput): ReviewReason[] {
  const text = textWithoutMarkup(input.bodyHtml);
  // Every text field the release shows readers, keywords included: an advert can hide in any.
  // What its images state is judged by rules every classifier gets (lib/domains/review/image-texts.ts).
  const all = `${input.title}\n${input.lead ?? ""}\n${text}\n${input.keywords.join(" ")}`;
  const reasons: ReviewReason[] = [];
  const de = input.language === "de";
  const add = (code: string, severity: "red" | "yellow", messageDe: string, messageEn: string) =>
    reasons.push({ code, severity, message: de ? messageDe : messageEn });

  const adHits = ADVERTISING.filter((re) => re.test(all)).length;
  if (adHits >= 2)
    add(
      "advertising",
      "red",
      "Der Text liest sich wie Werbung, nicht wie eine Nachricht.",
      "The text reads like an advert, not like news.",
    );
  else if (adHits === 1) add("advertising_hint", "yellow", "Eine Formulierung klingt nach Werbung.", "One phrase sounds like advertising.");

  if (shoutingRatio(input.title) > 0.6)
    add("shouting", "red", "Die Überschrift ist in Großbuchstaben geschrieben.", "The headline is written in capitals.");
  if (/[!?]{2,}/.test(all)) add("exclamations", "red", "Mehrfache Ausrufe- oder Fragezeichen.", "Repeated exclamation or question marks.");
  else if (/!/.test(input.title))
    add("exclamation_title", "yellow", "Ausrufezeichen in der Überschrift.", "Exclamation mark in the headline.");

  if (text.length < MIN_RED_CHARS)
    add(
      "too_short",
      "red",
      `Der Text ist zu kurz (mindestens ${MIN_RED_CHARS} Zeichen).`,
      `The text is too short (at least ${MIN_RED_CHARS} characters).`,
    );
  else if (text.length < MIN_YELLOW_CHARS) add("short", "yellow", "Der Text ist sehr kurz.", "The text is very short.");

  const words = Math.max(1, text.split(/\s+/).length);
  const links = (input.bodyHtml.match(/<a\s/gi) ?? []).length + (text.match(/https?:\/\//g) ?? []).length;
  if (links / words > 0.05 && links >= 3)
    add("link_density", "red", "Zu viele Links im Verhältnis zum Text.", "Too many links for the length of the text.");
  if (misleadingLinks(input.bodyHtml))
    add("misleading_link", "red", "Ein Link zeigt eine andere Adresse an, als er öffnet.", "A link shows one address but opens another.");

  if (!input.contactEmail && !input.contactName)
    add("missing_contact", "yellow", "Es fehlt ein Pressekontakt.", "A press contact is missing.");
  if (!input.location) add("missing_dateline", "yellow", "Es fehlt die Ortsmarke.", "The dateline is missing.");
  if (input.isDuplicateOfOtherNewsroom)
    add(
      "duplicate",
      "red",
      "Derselbe Text wurde bereits von einem anderen Newsroom veröffentlicht.",
      "Another newsroom already published this text.",
    );
  return reasons;
}

export const deterministicClassifier: TextClassifier = {
  name: "deterministic-v1",
  async classify(input) {
    const reasons = deterministicReasons(input);
    return { result: resultOf(reasons), reasons, classifier: this.name };
  },
};
