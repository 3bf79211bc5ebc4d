"use server";

import type { NoticeState } from "@/components/billing/notice-form";
import { giveNotice } from "@/lib/domains/billing/contracts/give-notice";
import { requireUser } from "@/lib/domains/auth/session";
import { formatBerlin, formatBerlinDay } from "@/lib/core/time/berlin-time";
import { actionError } from "@/lib/core/forms/action-result";
import { formText } from "@/lib/core/forms/form-fields";
import { parseRecordId } from "@/lib/core/input/ids";

// Ending a contract is the customer's own decision: giveNotice refuses staff signed in as the customer.
async function notice(kind: "cancellation" | "withdrawal", form: FormData): Promise<NoticeState> {
  const { user, session } = await requireUser();
  const agreementId = parseRecordId(formText(form, "agreementId", 20));
  if (agreementId === null) return { ok: false, message: "Bitte wählen Sie einen Vertrag." };
  try {
    const receipt = await giveNotice({
      userId: user.id,
      agreementId,
      kind,
      statement: formText(form, "statement", 1000) || null,
      acting: session,
    });
    return {
      ok: true,
      receipt: { contract: receipt.contract, receivedAt: formatBerlin(receipt.receivedAt), endsAt: formatBerlinDay(receipt.endsAt) },
    };
  } catch (err) {
    return actionError(err, { not_found: "Diesen Vertrag gibt es nicht." });
  }
}

// §312k BGB: the cancellation confirmation page's button.
export async function cancelContractAction(_prev: NoticeState | null, form: FormData): Promise<NoticeState> {
  return notice("cancellation", form);
}

// The consumer's withdrawal (Widerruf).
export async function withdrawContractAction(_prev: NoticeState | null, form: FormData): Promise<NoticeState> {
  return notice("withdrawal", form);
}
