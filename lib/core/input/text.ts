import type { z } from "zod";

// Text a client sends must be storable as PostgreSQL text. The database refuses NUL (22021),
// and an unpaired UTF-16 surrogate would silently turn into U+FFFD on its way to UTF-8, so
// both are refused at the edge, naming the field. Pure: the browser's form rules use it too.

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNACCEPTABLE_TEXT_MESSAGE = "Contains a character that cannot be stored (NUL or an unpaired surrogate).";

export function isAcceptableText(text: string): boolean {
  return !text.includes("\u0000") && !UNPAIRED_SURROGATE.test(text);
}

/** The text without what cannot be stored: for search words, where refusing would only puzzle a reader. */
export function withoutUnstorableChars(text: string): string {
  return text.replace(/\u0000/g, "").replace(new RegExp(UNPAIRED_SURROGATE.source, "g"), "");
}

// Readable text (what a release shows readers): no control character but tab and line breaks
// (C0, DEL and C1), no Unicode noncharacter (U+FDD0–U+FDEF and the last two code points of every
// plane), no bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069: they
// make a text display in another order than it is read, "Trojan Source"). Storable, but never
// part of prose: pasted garbage, or an attempt to break a page or feed or to hide a word.
const PLANE_ENDS = Array.from({ length: 17 }, (_, plane) =>
  plane === 0 ? "\\uFFFE\\uFFFF" : `\\u{${plane.toString(16)}FFFE}\\u{${plane.toString(16)}FFFF}`,
).join("");
const UNREADABLE = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069\\uFDD0-\\uFDEF${PLANE_ENDS}]`,
  "u",
);

export const UNREADABLE_TEXT_MESSAGE =
  "Contains a control character, a noncharacter or a bidirectional override; only readable text, tabs and line breaks are accepted.";

/** Storable and readable: isAcceptableText, and no control character but tab and line breaks, no noncharacter, no bidi override. */
export function isReadableText(text: string): boolean {
  return isAcceptableText(text) && !UNREADABLE.test(text);
}

/** A zod string refused with a field issue (422 in the APIs) unless it is readable text. The zod import is a type: this file is bundled into client forms. */
export function readable(schema: z.ZodString): z.ZodString {
  return schema.refine(isReadableText, { error: UNREADABLE_TEXT_MESSAGE });
}

// Invisible format characters (Unicode category Cf: zero-width space and joiners, soft hyphen,
// word joiner, byte order mark, bidi marks, tags) show nothing, yet split a word for a pattern:
// "jetzt\u200Bkaufen" reads as "jetztkaufen" and matches no keyword. The check judges text
// without them. A zero-width joiner between two emoji stays: it forms one picture (👩‍💻).
const FORMAT_CHAR = /\p{Cf}/gu;
const EMOJI_BEFORE = /\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

/** The text without invisible format characters (but a zero-width joiner inside an emoji sequence). */
export function withoutInvisibleFormatting(text: string): string {
  return text.replace(FORMAT_CHAR, (ch: string, at: number) =>
    ch === "\u200D" && EMOJI_BEFORE.test(text.slice(Math.max(0, at - 4), at)) && EMOJI_AFTER.test(text.slice(at + 1, at + 3)) ? ch : "",
  );
}

export interface TextIssue {
  path: string;
  message: string;
}

/** Every string in `value` that fails `accepts`, with its path, named by `message`. */
function textIssues(value: unknown, root: string, accepts: (text: string) => boolean, message: string): TextIssue[] {
  const issues: TextIssue[] = [];
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (!accepts(current)) issues.push({ path, message });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current && typeof current === "object") {
      for (const [key, v] of Object.entries(current)) stack.push([v, path ? `${path}.${key}` : key]);
    }
  }
  return issues.reverse();
}

/**
 * Every string in a parsed JSON value, query or form that cannot be stored, with its path
 * (`title`, `contact.email`, `keywords.2`). Walks iteratively: a body nested a million levels
 * deep must not overflow the stack.
 */
export function unacceptableTextIssues(value: unknown, root = ""): TextIssue[] {
  return textIssues(value, root, isAcceptableText, UNACCEPTABLE_TEXT_MESSAGE);
}

/** Every string in `value` that is not readable text (isReadableText), with its path as unacceptableTextIssues names it. */
export function unreadableTextIssues(value: unknown): TextIssue[] {
  return textIssues(value, "", isReadableText, UNREADABLE_TEXT_MESSAGE);
}
