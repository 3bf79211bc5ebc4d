import { textWithoutMarkup } from "@/lib/domains/releases/content-hash";
import type { ClassifierInput, ReviewReason } from "./classifier";

// A release must read as prose in its language. Garbage (random code points, private-use
// characters, strings of letters that form no words, rows of symbols) can be storable and still
// be nothing a reader can read; whatever the classifier says, the check rates it red and says why
// in words a customer understands. Release languages (de, en) are written in the Latin script;
// figures, punctuation, currency signs and the usual signs of numbers (+, −, %, °, §) belong to
// prose as well: "Umsatz 2025: +12,4 % auf 1.234,5 Mio. €" is a headline, not garbage.

/** Private use, unassigned (noncharacters included), surrogates, and control characters but tab and line breaks. */
const NOT_TEXT = /[\p{Co}\p{Cn}\p{Cs}]|(?![\t\n\r])\p{Cc}/u;
const LATIN_LETTER = /\p{Script=Latin}/u;
const OTHER_LETTER = /(?!\p{Script=Latin})\p{L}/u;
/** Punctuation and symbols but the signs figures use (%, °, §, +, −, ±, ×, /, currency): what "#### ==== ★★★★" consists of. */
const SYMBOL = /(?![%‰°§+−±×÷/&@№\p{Sc}])[\p{P}\p{S}]/u;
/** A field this long (without spaces) is judged by its characters; shorter ones ("Q3: +12 %") are left alone. */
const MIN_CHARS_FOR_SHARE = 20;
/** At least this share of Latin letters: a field of figures still names what they are ("Umsatz", "Mio.", "je Aktie"). */
const MIN_LATIN_SHARE = 0.1;
/** At most this share of the letters from another script. */
const MAX_OTHER_SCRIPT_SHARE = 0.3;
/** At most this share of punctuation and symbols other than the signs of figures. */
const MAX_SYMBOL_SHARE = 0.4;
/** A text of this many words must use the language's common words; real prose has a fifth or more of them. */
const MIN_WORDS_FOR_LANGUAGE = 15;
const MIN_COMMON_SHARE = 0.05;

const COMMON_WORDS: Record<"de" | "en", ReadonlySet<string>> = {
  de: new Set([
    "der",
    "die",
    "das",
    "und",
    "in",
    "im",
    "ist",
    "sind",
    "mit",
    "für",
    "von",
    "vom",
    "den",
    "dem",
    "des",
    "ein",
    "eine",
    "einen",
    "einem",
    "einer",
    "zu",
    "zum",
    "zur",
    "auf",
    "auch",
    "sich",
    "nicht",
    "es",
    "an",
    "am",
    "bei",
    "wird",
    "werden",
    "wurde",
    "als",
    "aus",
    "nach",
    "über",
    "um",
    "hat",
    "haben",
    "sowie",
    "oder",
    "wie",
    "dass",
    "noch",
    "mehr",
    "sie",
    "er",
    "wir",
    "unter",
    "durch",
    "bis",
    "seit",
    "ab",
  ]),
  en: new Set([
    "the",
    "and",
    "of",
    "to",
    "in",
    "is",
    "are",
    "was",
    "were",
    "for",
    "with",
    "on",
    "at",
    "by",
    "from",
    "as",
    "a",
    "an",
    "that",
    "this",
    "it",
    "its",
    "be",
    "has",
    "have",
    "will",
    "which",
    "or",
    "not",
    "new",
    "more",
    "than",
    "their",
    "our",
    "we",
    "they",
    "into",
    "over",
    "after",
    "about",
    "also",
    "all",
    "can",
    "been",
  ]),
};

const nonSpace = (s: string) => [...s.replace(/\s+/gu, "")];

/** A field of MIN_CHARS_FOR_SHARE or more that is no prose: hardly a Latin letter, letters of another script, or mostly symbols. */
function isNotProse(field: string): boolean {
  const chars = nonSpace(field);
  if (chars.length < MIN_CHARS_FOR_SHARE) return false;
  const count = (re: RegExp) => chars.filter((c) => re.test(c)).length;
  const latin = count(LATIN_LETTER);
  const other = count(OTHER_LETTER);
  return (
    latin / chars.length < MIN_LATIN_SHARE ||
    other / (latin + other) > MAX_OTHER_SCRIPT_SHARE ||
    count(SYMBOL) / chars.length > MAX_SYMBOL_SHARE
  );
}

export function unreadableProseReasons(input: ClassifierInput): ReviewReason[] {
  const de = input.language === "de";
  const body = textWithoutMarkup(input.bodyHtml);
  const fields = [input.title, input.lead ?? "", body];
  const reasons: ReviewReason[] = [];
  const add = (code: string, messageDe: string, messageEn: string) =>
    reasons.push({ code, severity: "red", message: de ? messageDe : messageEn });

  // What the images state is shown to readers too (under the picture, in the og image).
  const imageTexts = input.images.flatMap((i) => [i.alt ?? "", i.credit]);
  if (fields.some((f) => NOT_TEXT.test(f))) {
    add(
      "unreadable_characters",
      "Der Text enthält Zeichen, die nicht lesbar sind (Sonder- oder Steuerzeichen ohne Bedeutung, oft aus einer kopierten Vorlage).",
      "The text contains characters that cannot be read (special or control characters without meaning, often from a copied template).",
    );
  } else if (imageTexts.some((f) => NOT_TEXT.test(f))) {
    add(
      "unreadable_characters",
      "Ein Bildnachweis oder eine Bildbeschreibung enthält Zeichen, die nicht lesbar sind (Sonder- oder Steuerzeichen ohne Bedeutung, oft aus einer kopierten Vorlage).",
      "An image credit or alt text contains characters that cannot be read (special or control characters without meaning, often from a copied template).",
    );
  }
  if (fields.some(isNotProse)) {
    add(
      "not_prose",
      "Überschrift, Vorspann oder Text bestehen überwiegend aus Zeichen, die keine Wörter bilden (Symbole, Zeichen einer anderen Schrift), und lassen sich nicht als Text lesen.",
      "The headline, lead or text consist mostly of characters that form no words (symbols, characters of another script) and cannot be read as text.",
    );
  }
  const words =
    fields
      .join(" ")
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  const common = words.filter((w) => COMMON_WORDS[input.language].has(w)).length;
  if (words.length >= MIN_WORDS_FOR_LANGUAGE && common / words.length < MIN_COMMON_SHARE) {
    add(
      "not_language",
      "Der Text enthält kaum gebräuchliche deutsche Wörter. Ist er lesbar, und ist die richtige Sprache gewählt?",
      "The text contains hardly any common English words. Is it readable, and is the right language selected?",
    );
  }
  return reasons;
}
