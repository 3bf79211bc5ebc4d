// The release form's rules, shared by the browser (live validation) and the server action
// (the authority). No server imports: this file is bundled into the client form.
import { AiDeclarationKind } from "@/lib/generated/prisma/enums";
import { hasAddressShape } from "@/lib/input/email-address";
import { isAcceptableText, isReadableText } from "@/lib/input/text";
import { textWithoutMarkup } from "@/lib/releases/text-without-markup";

export const TITLE_MIN = 10;
export const TITLE_MAX = 200;
export const BODY_MIN_CHARS = 150;
export const BODY_MAX_CHARS = 50_000;
/** The body's HTML as sent, markup included: room for a long text with plenty of formatting. */
export const BODY_HTML_MAX = 200_000;
const LEAD_MAX = 500;
const SHORT_MAX = 200;

export const RELEASE_FIELDS = [
  "companyId", "portal", "language", "categoryId", "title", "lead", "body",
  "location", "contactName", "contactEmail", "contactPhone", "scheduledAt", "aiDeclaration",
] as const;
export type ReleaseField = (typeof RELEASE_FIELDS)[number];

/**
 * What the form holds: strings as typed. `body` is the editor's HTML, `scheduledAt` a
 * datetime-local value in Berlin time, `aiDeclaration` one of AI_DECLARATIONS or "".
 */
export type ReleaseFormValues = Record<ReleaseField, string>;
export type FieldIssues = Partial<Record<ReleaseField, string>>;

export const EMPTY_RELEASE_FORM: ReleaseFormValues = {
  companyId: "", portal: "", language: "de", categoryId: "", title: "", lead: "", body: "",
  location: "", contactName: "", contactEmail: "", contactPhone: "", scheduledAt: "", aiDeclaration: "",
};

/** The self-declaration of AI use for the text (spec 2.3), in the order the form offers it. */
export const AI_DECLARATIONS: readonly { value: AiDeclarationKind; label: string }[] = [
  { value: AiDeclarationKind.without_ai, label: "Ohne KI erstellt" },
  { value: AiDeclarationKind.ai_assisted, label: "Mit KI-Unterstützung" },
  { value: AiDeclarationKind.ai_generated, label: "KI-generiert" },
];
export const isAiDeclaration = (value: string): value is AiDeclarationKind => AI_DECLARATIONS.some((d) => d.value === value);

/** Length of the body as readers see it: text without markup, runs of spaces count once (as the API counts). */
export function bodyTextLength(bodyHtml: string): number {
  return textWithoutMarkup(bodyHtml).length;
}

/** Pasted text can carry a NUL or a broken emoji half; the database cannot store either. */
const UNSTORABLE = "Der Text enthält ein unzulässiges Steuerzeichen. Bitte tippen Sie die Stelle neu.";
/** Storable, but no text: a control character or noncharacter, often from a copied template. */
const UNREADABLE = "Der Text enthält ein Steuer- oder Sonderzeichen, das nicht lesbar ist (oft aus einer kopierten Vorlage). Bitte tippen Sie die Stelle neu.";
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
  else if (v.body.length > BODY_HTML_MAX) issues.body = "Der Text ist mit seiner Formatierung zu umfangreich. Bitte kürzen Sie ihn oder verwenden Sie weniger Formatierungen.";
  if (!v.location.trim()) issues.location = "Bitte geben Sie die Ortsmarke an (z. B. Hamburg).";
  else if (v.location.trim().length > SHORT_MAX) issues.location = "Die Ortsmarke ist zu lang.";
  if (!v.contactName.trim()) issues.contactName = "Bitte nennen Sie einen Pressekontakt.";
  else if (v.contactName.trim().length > SHORT_MAX) issues.contactName = "Der Name ist zu lang.";
  if (!hasAddressShape(v.contactEmail.trim())) issues.contactEmail = "Bitte geben Sie eine gültige E-Mail-Adresse an.";
  if (v.contactPhone.trim().length > 50) issues.contactPhone = "Die Telefonnummer ist zu lang.";
  if (v.scheduledAt && !DATETIME_LOCAL.test(v.scheduledAt)) issues.scheduledAt = "Bitte geben Sie Datum und Uhrzeit vollständig an.";
  if (!isAiDeclaration(v.aiDeclaration)) issues.aiDeclaration = "Bitte geben Sie an, ob und wie KI beim Text geholfen hat.";
  for (const field of RELEASE_FIELDS) {
    if (!isAcceptableText(v[field])) issues[field] = UNSTORABLE;
    else if (!isReadableText(v[field])) issues[field] = UNREADABLE;
  }
  return issues;
}

export const hasIssues = (issues: FieldIssues) => Object.keys(issues).length > 0;

/** A server action receives whatever the browser sends: keep the known fields, as strings. */
export function coerceReleaseForm(raw: unknown): ReleaseFormValues {
  const input = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const out = { ...EMPTY_RELEASE_FORM };
  for (const field of RELEASE_FIELDS) {
    const value = input[field];
    // Cut only past every limit, so an overlong value is still judged (and refused), never stored cut.
    if (typeof value === "string") out[field] = value.slice(0, BODY_HTML_MAX + 1);
  }
  return out;
}
