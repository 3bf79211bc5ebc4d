// The release's own rules for its text fields: one set of limits for every door (API v1, the
// legacy API, the dashboard, the paid change, the legal correction), documented in
// docs/release-lifecycle.md "Release fields". Pure: the dashboard's form checks them in the
// browser as the customer types, the server checks them again in writeRelease.
import { regexes } from "zod";
import { isAcceptableText, isReadableText } from "@/lib/core/input/text";
import { textWithoutMarkup } from "./text-without-markup";

/** Each limit is the larger of what API v1 and the dashboard took before they shared one set: v1 is a published contract. */
export const RELEASE_LIMITS = {
  titleMin: 10,
  titleMax: 200,
  leadMax: 600,
  /** Characters of text as readers see it (markup not counted, runs of spaces count once). */
  bodyMinChars: 150,
  bodyMaxChars: 100_000,
  /** The body's HTML as sent, markup included: room for a long text with plenty of formatting. */
  bodyHtmlMax: 200_000,
  locationMax: 200,
  contactNameMax: 200,
  contactEmailMax: 254,
  contactPhoneMax: 60,
  keywordMax: 60,
  keywordsMax: 20,
} as const;

export type ReleaseTextField = "title" | "lead" | "body" | "location" | "contactName" | "contactEmail" | "contactPhone" | "keywords";

/** The text fields as a door hands them over: trimmed or not, absent where the door has no such field. */
export interface ReleaseTextFields {
  title?: string | null | undefined;
  lead?: string | null | undefined;
  /** HTML. */
  body?: string | null | undefined;
  location?: string | null | undefined;
  contactName?: string | null | undefined;
  contactEmail?: string | null | undefined;
  contactPhone?: string | null | undefined;
  keywords?: readonly string[] | null | undefined;
}

export type ReleaseRule =
  "required" | "too_short" | "too_long" | "too_much_markup" | "too_many" | "unstorable" | "unreadable" | "not_an_address";

/** One refusal of a rule, in the release's words; each door words it for its readers. */
export interface ReleaseIssue {
  field: ReleaseTextField;
  rule: ReleaseRule;
  /** The limit the rule holds, where it has one. */
  limit?: number;
  /** What was sent, measured the way the limit is (characters), where it helps to say it. */
  actual?: number;
  /** Which keyword, for `keywords`. */
  index?: number;
}

/**
 * What the dashboard's guided form asks for beyond the release's rules: a dateline and a press
 * contact a journalist can reach. API clients may leave them out (v1 never required them).
 */
export const GUIDED_REQUIRED: readonly ReleaseTextField[] = ["location", "contactName", "contactEmail"];

/** Length of the body as readers see it: text without markup, runs of spaces count once. */
export function bodyTextLength(bodyHtml: string): number {
  return textWithoutMarkup(bodyHtml).length;
}

const L = RELEASE_LIMITS;
const MAX: Partial<Record<ReleaseTextField, number>> = {
  lead: L.leadMax,
  location: L.locationMax,
  contactName: L.contactNameMax,
  contactEmail: L.contactEmailMax,
  contactPhone: L.contactPhoneMax,
};

function characterIssue(field: ReleaseTextField, value: string, index?: number): ReleaseIssue | null {
  const at = index === undefined ? {} : { index };
  if (!isAcceptableText(value)) return { field, rule: "unstorable", ...at };
  if (!isReadableText(value)) return { field, rule: "unreadable", ...at };
  return null;
}

/**
 * Every rule of the given fields, at most one issue per field (the first that fails). Fields
 * left `undefined` are not judged (a partial update keeps what is stored); title and body,
 * when present, must meet their minimums. `guided`: also the form's GUIDED_REQUIRED fields.
 */
export function releaseTextIssues(fields: ReleaseTextFields, opts: { guided?: boolean } = {}): ReleaseIssue[] {
  const issues: ReleaseIssue[] = [];
  const judge = (field: ReleaseTextField, check: (value: string) => ReleaseIssue | null) => {
    const raw = fields[field];
    if (raw === undefined || Array.isArray(raw)) return;
    const value = typeof raw === "string" ? raw : "";
    const issue = characterIssue(field, value) ?? check(value);
    if (issue) issues.push(issue);
  };
  judge("title", (v) => {
    const length = v.trim().length;
    return length < L.titleMin || length > L.titleMax
      ? {
          field: "title",
          rule: length < L.titleMin ? "too_short" : "too_long",
          limit: length < L.titleMin ? L.titleMin : L.titleMax,
          actual: length,
        }
      : null;
  });
  judge("body", (v) => {
    const length = bodyTextLength(v);
    if (length < L.bodyMinChars) return { field: "body", rule: "too_short", limit: L.bodyMinChars, actual: length };
    if (length > L.bodyMaxChars) return { field: "body", rule: "too_long", limit: L.bodyMaxChars, actual: length };
    if (v.length > L.bodyHtmlMax) return { field: "body", rule: "too_much_markup", limit: L.bodyHtmlMax, actual: v.length };
    return null;
  });
  for (const field of ["lead", "location", "contactName", "contactEmail", "contactPhone"] as const) {
    judge(field, (v) => {
      const value = v.trim();
      if (!value) return opts.guided && GUIDED_REQUIRED.includes(field) ? { field, rule: "required" } : null;
      if (value.length > MAX[field]!) return { field, rule: "too_long", limit: MAX[field]!, actual: value.length };
      // The pattern API v1 has always checked (zod's e-mail), now for every door.
      if (field === "contactEmail" && !regexes.email.test(value)) return { field, rule: "not_an_address" };
      return null;
    });
  }
  if (opts.guided) {
    for (const field of GUIDED_REQUIRED)
      if (fields[field] === undefined || fields[field] === null) issues.push({ field, rule: "required" });
  }
  const keywords = fields.keywords ?? [];
  if (keywords.length > L.keywordsMax) issues.push({ field: "keywords", rule: "too_many", limit: L.keywordsMax, actual: keywords.length });
  keywords.forEach((keyword, index) => {
    const issue =
      characterIssue("keywords", keyword, index) ??
      (keyword.trim().length > L.keywordMax ? { field: "keywords" as const, rule: "too_long" as const, limit: L.keywordMax, index } : null);
    if (issue) issues.push(issue);
  });
  return issues;
}
