// The release form's rules, shared by the browser (live validation) and the server action
// (the authority). No server imports: this file is bundled into the client form.
import { AiDeclarationKind } from "@/lib/generated/prisma/enums";
import { isAcceptableText, isReadableText } from "@/lib/core/input/text";
import { germanIssue, UNREADABLE_DE, UNSTORABLE_DE } from "@/lib/domains/releases/issue-wording";
import { releaseTextIssues, RELEASE_LIMITS } from "@/lib/domains/releases/rules";
import type { WriteField, WriteIssue } from "@/lib/domains/releases/write-issues";

export const RELEASE_FIELDS = [
  "companyId",
  "portal",
  "language",
  "categoryId",
  "title",
  "lead",
  "body",
  "location",
  "contactName",
  "contactEmail",
  "contactPhone",
  "scheduledAt",
  "aiDeclaration",
] as const;
export type ReleaseField = (typeof RELEASE_FIELDS)[number];

/**
 * What the form holds: strings as typed. `body` is the editor's HTML, `scheduledAt` a
 * datetime-local value in Berlin time, `aiDeclaration` one of AI_DECLARATIONS or "".
 */
export type ReleaseFormValues = Record<ReleaseField, string>;
export type FieldIssues = Partial<Record<ReleaseField, string>>;

export const EMPTY_RELEASE_FORM: ReleaseFormValues = {
  companyId: "",
  portal: "",
  language: "de",
  categoryId: "",
  title: "",
  lead: "",
  body: "",
  location: "",
  contactName: "",
  contactEmail: "",
  contactPhone: "",
  scheduledAt: "",
  aiDeclaration: "",
};

/** The self-declaration of AI use for the text (spec 2.3), in the order the form offers it. */
export const AI_DECLARATIONS: readonly { value: AiDeclarationKind; label: string }[] = [
  { value: AiDeclarationKind.without_ai, label: "Ohne KI erstellt" },
  { value: AiDeclarationKind.ai_assisted, label: "Mit KI-Unterstützung" },
  { value: AiDeclarationKind.ai_generated, label: "KI-generiert" },
];
export const isAiDeclaration = (value: string): value is AiDeclarationKind => AI_DECLARATIONS.some((d) => d.value === value);

/** Where the form shows each field the release rules speak of. */
const FORM_FIELD: Partial<Record<WriteField, ReleaseField>> = { newsroom: "companyId", category: "categoryId" };

/** The release rules' issues as the form's German messages, by form field (the first per field). */
export function formIssuesOf(issues: readonly WriteIssue[]): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of issues) {
    const field = FORM_FIELD[issue.field] ?? (issue.field as ReleaseField);
    if ((RELEASE_FIELDS as readonly string[]).includes(field)) out[field] ??= germanIssue(issue);
  }
  return out;
}

const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const TEXT_FIELDS = ["title", "lead", "body", "location", "contactName", "contactEmail", "contactPhone"] as const;

/**
 * Every rule a single field can be checked against without the database: the release rules
 * (lib/domains/releases/rules.ts) with the guided form's required fields, and the form's own choices.
 */
export function validateReleaseForm(v: ReleaseFormValues): FieldIssues {
  const issues: WriteIssue[] = releaseTextIssues(Object.fromEntries(TEXT_FIELDS.map((f) => [f, v[f]])), { guided: true });
  if (!v.companyId) issues.push({ field: "newsroom", rule: "required" });
  if (v.portal !== "business" && v.portal !== "tech") issues.push({ field: "portal", rule: "required" });
  if (v.language !== "de" && v.language !== "en") issues.push({ field: "language", rule: "required" });
  if (!v.categoryId) issues.push({ field: "category", rule: "required" });
  if (v.scheduledAt && !DATETIME_LOCAL.test(v.scheduledAt)) issues.push({ field: "scheduledAt", rule: "required" });
  if (!isAiDeclaration(v.aiDeclaration)) issues.push({ field: "aiDeclaration", rule: "required" });
  const out = formIssuesOf(issues);
  // The choices' values too: pasted garbage in a hidden field is refused in the same words.
  for (const field of RELEASE_FIELDS) {
    if ((TEXT_FIELDS as readonly string[]).includes(field)) continue;
    if (!isAcceptableText(v[field])) out[field] = UNSTORABLE_DE;
    else if (!isReadableText(v[field])) out[field] = UNREADABLE_DE;
  }
  return out;
}

export const hasIssues = (issues: FieldIssues) => Object.keys(issues).length > 0;

/** A server action receives whatever the browser sends: keep the known fields, as strings. */
export function coerceReleaseForm(raw: unknown): ReleaseFormValues {
  const input = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const out = { ...EMPTY_RELEASE_FORM };
  for (const field of RELEASE_FIELDS) {
    const value = input[field];
    // Cut only past every limit, so an overlong value is still judged (and refused), never stored cut.
    if (typeof value === "string") out[field] = value.slice(0, RELEASE_LIMITS.bodyHtmlMax + 1);
  }
  return out;
}
