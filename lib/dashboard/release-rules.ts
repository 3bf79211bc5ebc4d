// The release form's rules, shared by the browser (live validation) and the server action
// (the authority). No server imports: this file is bundled into the client form.
import { isAcceptableText } from "@/lib/input/text";

export const TITLE_MIN = 10;
export const TITLE_MAX = 200;
export const BODY_MIN_CHARS = 150;
export const BODY_MAX_CHARS = 50_000;
const LEAD_MAX = 500;
const SHORT_MAX = 200;

export const RELEASE_FIELDS = [
  "companyId", "portal", "language", "categoryId", "title", "lead", "body",
  "location", "contactName", "contactEmail", "contactPhone", "scheduledAt",
] as const;
export type ReleaseField = (typeof RELEASE_FIELDS)[number];

/** What the form holds: strings as typed. `scheduledAt` is a datetime-local value in Berlin time. */
export type ReleaseFormValues = Record<ReleaseField, string>;
export type FieldIssues = Partial<Record<ReleaseField, string>>;

export const EMPTY_RELEASE_FORM: ReleaseFormValues = {
  companyId: "", portal: "", language: "de", categoryId: "", title: "", lead: "", body: "",
  location: "", contactName: "", contactEmail: "", contactPhone: "", scheduledAt: "",
};

/** Length of the body as readers see it: runs of spaces count once, blank lines not at all. */
export function bodyTextLength(body: string): number {
  return body.replace(/[ \t\f\v\r]+/g, " ").replace(/ *\n\s*/g, "\n").trim().length;
}

/** Pasted text can carry a NUL or a broken emoji half; the database cannot store either. */
const UNSTORABLE = "Der Text enthält ein unzulässiges Steuerzeichen. Bitte tippen Sie die Stelle neu.";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Every rule a single field can be checked against without the database. */
export function validateReleaseForm(v: ReleaseFormValues): FieldIssues {
  const issues: FieldIssues = {};
  const title = v.title.trim();
  if (!v.companyId) issues.companyId = "Bitte wählen Sie einen Newsroom.";
  if (v.portal !== "business" && v.portal !== "tech") issues.portal = "Bitte wählen Sie ein Portal.";
  if (v.language !== "de" && v.language !== "en") issues.language = "Bitte wählen Sie Deutsch oder Englisch.";
  if (!v.categoryId) issues.categoryId = "Bitte wählen Sie eine Kategorie.";
  if (title.length < TITLE_MIN || title.length > TITLE_MAX) issues.title = `Die Überschrift braucht ${TITLE_MIN} bis ${TITLE_MAX} Zeichen (jetzt ${title.length}).`;
  if (v.lead.trim().length > LEAD_MAX) issues.lead = `Der Vorspann darf höchstens ${LEAD_MAX} Zeichen lang sein.`;
  const bodyLength = bodyTextLength(v.body);
  if (bodyLength < BODY_MIN_CHARS) issues.body = `Der Text braucht mindestens ${BODY_MIN_CHARS} Zeichen (jetzt ${bodyLength}).`;
  else if (bodyLength > BODY_MAX_CHARS) issues.body = `Der Text darf höchstens ${BODY_MAX_CHARS} Zeichen lang sein.`;
  if (!v.location.trim()) issues.location = "Bitte geben Sie die Ortsmarke an (z. B. Hamburg).";
  else if (v.location.trim().length > SHORT_MAX) issues.location = "Die Ortsmarke ist zu lang.";
  if (!v.contactName.trim()) issues.contactName = "Bitte nennen Sie einen Pressekontakt.";
  else if (v.contactName.trim().length > SHORT_MAX) issues.contactName = "Der Name ist zu lang.";
  if (!EMAIL.test(v.contactEmail.trim())) issues.contactEmail = "Bitte geben Sie eine gültige E-Mail-Adresse an.";
  if (v.contactPhone.trim().length > 50) issues.contactPhone = "Die Telefonnummer ist zu lang.";
  if (v.scheduledAt && !DATETIME_LOCAL.test(v.scheduledAt)) issues.scheduledAt = "Bitte geben Sie Datum und Uhrzeit vollständig an.";
  for (const field of RELEASE_FIELDS) if (!isAcceptableText(v[field])) issues[field] = UNSTORABLE;
  return issues;
}

export const hasIssues = (issues: FieldIssues) => Object.keys(issues).length > 0;

/** A server action receives whatever the browser sends: keep the known fields, as strings. */
export function coerceReleaseForm(raw: unknown): ReleaseFormValues {
  const input = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const out = { ...EMPTY_RELEASE_FORM };
  for (const field of RELEASE_FIELDS) {
    const value = input[field];
    if (typeof value === "string") out[field] = value.slice(0, BODY_MAX_CHARS * 2);
  }
  return out;
}
