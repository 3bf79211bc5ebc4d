import type { ReceiptVerdict } from "@/lib/domains/releases/receipts/verify-receipt";
import { receiptStatements, type Statement } from "@/lib/domains/releases/receipts/receipt-statements";
import type { Edition } from "@/lib/domains/sites";

/** What the receipt check answers the page: valid with the stated facts, or why not. */
export type VerifyState =
  | { ok: true; statements: Statement[]; kid: string; keyRetired: boolean; later: number; pasted: string }
  | { ok: false; reason: string; pasted: string };

/** The verdict in the page's language; `pasted` goes back into the text field. */
export function verifyAnswer(verdict: ReceiptVerdict, edition: Edition, pasted: string): VerifyState {
  if (!verdict.valid) return { ok: false, reason: verdict.reason[edition], pasted };
  return {
    ok: true,
    statements: receiptStatements(verdict.payload, edition),
    kid: verdict.key.kid,
    keyRetired: verdict.key.retiredAt !== null,
    later: verdict.later,
    pasted,
  };
}
