import { createHmac } from "node:crypto";
import { getConfig } from "@/lib/config";
import { getLimiter } from "@/lib/ratelimit/limiter";
import { derivedKey } from "@/lib/security/derived-key";

/**
 * Whether one more sign-in or registration mail may go to this address now (policy
 * accountMailRecipient). The per-client budget stops one sender; this stops many senders
 * flooding one mailbox. Over the budget the mail is simply not sent and the form answers as
 * always, so the answer still tells nothing about accounts. Keyed by a keyed hash, never the address.
 */
export async function mayMailAccountRecipient(email: string): Promise<boolean> {
  const key = createHmac("sha256", derivedKey(getConfig().security.appKey, "account-mail-recipient")).update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
  return (await getLimiter("accountMailRecipient").limit(key)).success;
}
