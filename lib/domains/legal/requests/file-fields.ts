import { regexes } from "zod";
import { AppError, type ValidationIssue } from "@/lib/core/errors/errors";
import { isAcceptableText } from "@/lib/core/input/text";
import type { Edition } from "@/lib/domains/sites";

// The fields the public intake forms (legal request fallback, contact form) and the customer's
// request modal share, checked with messages in the form's language. Pure, so the forms can show
// the same limits as hints. Limits bound what a stranger can make us store and mail.

export const INTAKE_LIMITS = {
  name: 200,
  email: 320,
  url: 2000,
  subject: 200,
  /** The text of a report, a contact message, or a customer's reason. */
  textMin: 20,
  textMax: 10_000,
  /** The wording a customer asks for (a correction or change may rewrite a whole paragraph or more). */
  proposedMax: 20_000,
} as const;

type Messages = {
  required: string;
  tooLong: (max: number) => string;
  tooShort: (min: number) => string;
  email: string;
  url: string;
  unstorable: string;
};

const MESSAGES: Record<Edition, Messages> = {
  de: {
    required: "Bitte ausfüllen.",
    tooLong: (max) => `Höchstens ${max.toLocaleString("de-DE")} Zeichen.`,
    tooShort: (min) => `Bitte mindestens ${min} Zeichen.`,
    email: "Bitte geben Sie eine gültige E-Mail-Adresse an.",
    url: "Bitte geben Sie die vollständige Adresse der Seite an (beginnend mit https://).",
    unstorable: "Der Text enthält ein unzulässiges Steuerzeichen.",
  },
  en: {
    required: "Please fill in.",
    tooLong: (max) => `At most ${max.toLocaleString("en-GB")} characters.`,
    tooShort: (min) => `Please write at least ${min} characters.`,
    email: "Please enter a valid e-mail address.",
    url: "Please enter the full address of the page (starting with https://).",
    unstorable: "The text contains a character that cannot be stored.",
  },
};

/**
 * The address check the account forms use (zod's z.email(): a dot-atom of letters, digits and
 * _ ' + - before the @, a domain of labels after it). A looser one let `?`, `%`, `&` and `=`
 * through: `victim@x.example?cc=other%40y.example` dodged the per-mailbox receipt budget and
 * turned the editors' mailto link into one with extra recipients.
 */
const EMAIL = regexes.email;

/** Collects issues per field; `done()` throws them as one validation error (a form message). */
export class FieldCheck {
  readonly issues: ValidationIssue[] = [];
  private readonly t: Messages;

  constructor(readonly language: Edition) {
    this.t = MESSAGES[language];
  }

  private fail(path: string, message: string): null {
    this.issues.push({ path, message });
    return null;
  }

  /** Trimmed text within bounds; null (and an issue) otherwise. `min` 0 makes it optional ("" passes). */
  text(path: string, raw: unknown, opts: { min?: number; max: number; required?: boolean }): string | null {
    const value = typeof raw === "string" ? raw.trim() : "";
    const required = opts.required ?? true;
    if (!value) return required ? this.fail(path, this.t.required) : "";
    if (!isAcceptableText(value)) return this.fail(path, this.t.unstorable);
    if (value.length > opts.max) return this.fail(path, this.t.tooLong(opts.max));
    if (opts.min && value.length < opts.min) return this.fail(path, this.t.tooShort(opts.min));
    return value;
  }

  /** A mailbox address, lower-cased as every address is stored. */
  email(path: string, raw: unknown): string | null {
    const value = this.text(path, raw, { max: INTAKE_LIMITS.email });
    if (value === null) return null;
    return EMAIL.test(value) ? value.toLowerCase() : this.fail(path, this.t.email);
  }

  /** An absolute http(s) address, normalised by the URL parser; "" when optional and empty. */
  url(path: string, raw: unknown, required: boolean): string | null {
    const value = this.text(path, raw, { max: INTAKE_LIMITS.url, required });
    if (!value) return value;
    try {
      const url = new URL(value);
      if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname || url.username || url.password)
        return this.fail(path, this.t.url);
      return url.toString();
    } catch {
      return this.fail(path, this.t.url);
    }
  }

  /** Throws the collected issues (AppError validation_failed, 422) if there are any. */
  done(summary: string): void {
    if (this.issues.length) throw new AppError("validation_failed", summary, undefined, this.issues);
  }
}

/**
 * A refusal of the intake functions as a form shows it: their validation and throttle messages
 * are already in the form's language. Null for anything unexpected, which the caller reports.
 */
export function intakeRefusal(err: unknown): { message: string; issues?: Record<string, string> } | null {
  if (!(err instanceof AppError) || err.status >= 500) return null;
  const issues = Object.fromEntries((err.issues ?? []).map((i) => [i.path, i.message]));
  return { message: err.message, ...(Object.keys(issues).length ? { issues } : {}) };
}
