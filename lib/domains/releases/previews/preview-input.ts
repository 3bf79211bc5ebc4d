import { z } from "zod";
import { AppError } from "@/lib/core/errors/errors";
import { isReadableText } from "@/lib/core/input/text";
import { zodIssues } from "@/lib/core/http/problem";

// The recipient of a preview link: who it is for, so the banner names them and a leaked link is
// theirs. Every door (the dashboard today) hands the fields over as typed; the wording is the
// dashboard's, German, since the form shows it under each field.

export const PREVIEW_LIMITS = {
  nameMax: 200,
  outletMax: 200,
  emailMax: 254,
  /** Links per release, revoked ones included: a journalist list, not a mailing list. */
  perRelease: 100,
  /** How far ahead a set end may lie. */
  maxValidityDays: 365,
} as const;

const readableLine = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((v) => isReadableText(v) && !/[\r\n\t]/.test(v), "Bitte nur lesbaren Text ohne Zeilenumbrüche eingeben.");

const PreviewRecipient = z.object({
  recipientName: readableLine(
    "Bitte geben Sie den Namen der Empfängerin oder des Empfängers an.",
    `Der Name darf höchstens ${PREVIEW_LIMITS.nameMax} Zeichen lang sein.`,
    PREVIEW_LIMITS.nameMax,
  ),
  recipientEmail: z
    .string({ error: "Bitte geben Sie eine E-Mail-Adresse an." })
    .trim()
    .toLowerCase()
    .max(PREVIEW_LIMITS.emailMax, `Die E-Mail-Adresse darf höchstens ${PREVIEW_LIMITS.emailMax} Zeichen lang sein.`)
    .pipe(z.email("Bitte geben Sie eine gültige E-Mail-Adresse an.")),
  outlet: readableLine(
    "Bitte nennen Sie das Medium (Redaktion, Zeitung, Sender).",
    `Das Medium darf höchstens ${PREVIEW_LIMITS.outletMax} Zeichen lang sein.`,
    PREVIEW_LIMITS.outletMax,
  ),
  expiresAt: z.date().nullable(),
});

export type PreviewRecipientInput = z.input<typeof PreviewRecipient>;
export type PreviewRecipient = z.output<typeof PreviewRecipient>;

/** The checked recipient, or validation_failed (422) with one German issue per field. */
export function checkPreviewRecipient(input: PreviewRecipientInput, now: Date): PreviewRecipient {
  const parsed = PreviewRecipient.safeParse(input);
  if (!parsed.success)
    throw new AppError("validation_failed", "The preview link's recipient is not valid.", undefined, zodIssues(parsed.error));
  const { expiresAt } = parsed.data;
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now.getTime()))
    throw expiryIssue("Das Ende der Gültigkeit muss in der Zukunft liegen.");
  if (expiresAt && expiresAt.getTime() > now.getTime() + PREVIEW_LIMITS.maxValidityDays * 86_400_000)
    throw expiryIssue("Ein Vorschau-Link gilt höchstens ein Jahr.");
  return parsed.data;
}

const expiryIssue = (message: string) =>
  new AppError("validation_failed", "The preview link's end is not valid.", undefined, [{ path: "expiresAt", message }]);
