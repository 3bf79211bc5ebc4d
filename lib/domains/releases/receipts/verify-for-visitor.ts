import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { clientKeyOfIp } from "@/lib/core/security/client-ip";
import { verifyReceipt, type ReceiptVerdict } from "./verify-receipt";
import { VERIFY_FAILURES } from "./verify-reasons";

/**
 * The hub's public check of a receipt: anyone may ask, throttled per client (policy
 * `receiptVerify`), so the page cannot be turned into a free database load.
 */
export async function verifyReceiptForVisitor(input: { text: string; clientIp: string }): Promise<ReceiptVerdict> {
  if (!(await getLimiter("receiptVerify").limit(clientKeyOfIp(input.clientIp))).success)
    return { valid: false, reason: { code: "throttled", ...VERIFY_FAILURES.throttled } };
  return verifyReceipt(input.text);
}
