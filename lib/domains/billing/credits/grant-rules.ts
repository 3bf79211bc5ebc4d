// The checks of a credit grant (spec 5.11) and their German messages, in one place: the form of
// /admin/payments/credits shows them under its fields (lib/adapters/admin/credit-grant-form.ts), and
// grantCredits refuses with the same ones whoever calls it. The reason follows the rule of every
// reason staff give (adminReasonIssue, lib/core/input/admin-reason.ts).

/**
 * The most credits one grant gives: 500, about eight of the largest pack (60 credits) or
 * fourteen two-week home boosts. A goodwill or correction grant stays far below; more takes
 * several grants, each with its own reason in the activity log.
 */
export const MAX_CREDIT_GRANT = 500;

export const GRANT_MESSAGES = {
  newsroomMissing: "Bitte geben Sie den Newsroom an (Nummer oder Kurzbezeichnung).",
  newsroomUnknown: "Diesen Newsroom gibt es nicht.",
  newsroomAmbiguous: "Mehrere Newsrooms tragen diese Kurzbezeichnung. Bitte geben Sie die Nummer an.",
  newsroomMerged: (survivorId: number) =>
    `Dieser Newsroom wurde in Nr. ${survivorId} zusammengeführt. Bitte schreiben Sie die Credits dort gut.`,
  ownNewsroom: "Sie gehören selbst zu diesem Newsroom. Eine Gutschrift für ihn nimmt eine andere Person mit Zahlungsrechten vor.",
  creditsMissing: "Bitte geben Sie an, wie viele Credits gutgeschrieben werden.",
  creditsRange: `Bitte eine ganze Zahl von 1 bis ${MAX_CREDIT_GRANT} angeben.`,
} as const;

/** Whole credits from 1 to MAX_CREDIT_GRANT; else the message. */
export function grantAmountIssue(credits: number): string | null {
  return Number.isSafeInteger(credits) && credits >= 1 && credits <= MAX_CREDIT_GRANT ? null : GRANT_MESSAGES.creditsRange;
}

/** How the newsroom is named: its number ("123", "Nr. 123", "#123") or its slug; null when it cannot be one. */
export function parseGrantNewsroom(raw: string): { id: number } | { slug: string } | null {
  const text = raw.trim();
  const number = /^(?:nr\.?\s*|#)?(\d{1,10})$/i.exec(text)?.[1];
  if (number) return { id: Number(number) };
  return /^[a-z0-9][a-z0-9-]{0,119}$/i.test(text) ? { slug: text.toLowerCase() } : null;
}

/** The form's one-time id (its reference in the ledger): a form sent twice books once. */
const GRANT_ID = /^[A-Za-z0-9_-]{16,64}$/;
export const isGrantId = (value: string): boolean => GRANT_ID.test(value);
