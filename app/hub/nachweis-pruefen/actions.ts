"use server";

import { headers } from "next/headers";
import { verifyAnswer, type VerifyState } from "@/components/receipts/verify-state";
import { formText } from "@/lib/core/forms/form-fields";
import { clientIpOf } from "@/lib/core/security/client-ip";
import { verifyReceiptForVisitor } from "@/lib/domains/releases/receipts/verify-for-visitor";
import { tooLargeReceipt } from "@/lib/domains/releases/receipts/verify-receipt";
import { MAX_RECEIPT_BYTES } from "@/lib/domains/releases/receipts/verify-reasons";
import { isEdition, type Edition } from "@/lib/domains/sites";

/** The hub's public receipt check (German and English page): a chosen file wins over pasted text. */
export async function verifyReceiptAction(pageEdition: Edition, _prev: VerifyState | null, form: FormData): Promise<VerifyState> {
  const edition: Edition = isEdition(pageEdition) ? pageEdition : "de";
  const pasted = formText(form, "receipt", MAX_RECEIPT_BYTES + 1);
  const file = form instanceof FormData ? form.get("file") : null;
  const chosen = file instanceof File && file.size > 0 ? file : null;
  // An oversized file is refused unread.
  if (chosen && chosen.size > MAX_RECEIPT_BYTES) return verifyAnswer(tooLargeReceipt(), edition, pasted);
  const text = chosen ? await chosen.text() : pasted;
  return verifyAnswer(await verifyReceiptForVisitor({ text, clientIp: clientIpOf(await headers()) }), edition, chosen ? pasted : text);
}
