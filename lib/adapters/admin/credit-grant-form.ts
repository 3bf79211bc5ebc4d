import { GRANT_MESSAGES, grantAmountIssue, isGrantId } from "@/lib/domains/billing/credits/grant-rules";
import { formText } from "@/lib/core/forms/form-fields";
import { adminReasonIssue, MAX_REASON_LENGTH } from "@/lib/core/input/admin-reason";

// The form of /admin/payments/credits as the server reads it: every problem as a German message
// under its field, all at once. The checks and their words are grantCredits' own
// (lib/domains/billing/credits/grant-rules.ts), which runs them again.

export interface CreditGrantFormInput {
  newsroom: string;
  credits: number;
  reason: string;
  grantId: string;
}

export type CreditGrantFormResult =
  { ok: true; input: CreditGrantFormInput } | { ok: false; message: string; issues: Record<string, string> };

export function parseCreditGrantForm(form: unknown): CreditGrantFormResult {
  const issues: Record<string, string> = {};
  const newsroom = formText(form, "newsroom", 130).trim();
  if (!newsroom) issues.newsroom = GRANT_MESSAGES.newsroomMissing;

  const creditsText = formText(form, "credits", 20).trim();
  const credits = /^\d{1,9}$/.test(creditsText) ? Number(creditsText) : Number.NaN;
  const creditsIssue = creditsText ? grantAmountIssue(credits) : GRANT_MESSAGES.creditsMissing;
  if (creditsIssue) issues.credits = creditsIssue;

  // One character more than allowed is read, so an overlong reason is named, not cut.
  const reason = formText(form, "reason", MAX_REASON_LENGTH + 1).trim();
  const reasonIssue = adminReasonIssue(reason);
  if (reasonIssue) issues.reason = reasonIssue;

  const grantId = formText(form, "grantId", 80);
  // A form without its one-time id did not come from the page: nothing is booked.
  if (!isGrantId(grantId)) return { ok: false, message: "Das Formular ist nicht mehr gültig. Bitte laden Sie die Seite neu.", issues };
  if (Object.keys(issues).length) return { ok: false, message: "Bitte prüfen Sie die markierten Felder.", issues };
  return { ok: true, input: { newsroom, credits, reason, grantId } };
}
