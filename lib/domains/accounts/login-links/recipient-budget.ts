import { db } from "@/lib/core/db/client";
import { isAcceptableText } from "@/lib/core/input/text";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { keyedHash } from "@/lib/core/security/keyed-hash";

/** The mailbox an address reaches: `name+tag@host` and `name@host` are one mailbox. */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}

/**
 * Whether one more sign-in or registration mail may go to this mailbox now (policy
 * accountMailRecipient). The per-client budget stops one sender; this stops many senders
 * flooding one mailbox. Over the budget the mail is simply not sent and the form answers as
 * always, so the answer still tells nothing about accounts. The window is a login link's
 * lifetime: whoever spends the budget has just mailed the owner links that still work, so a
 * flood never leaves the owner without one. Keyed by a keyed hash, never the address.
 */
export async function mayMailAccountRecipient(email: string): Promise<boolean> {
  return (await getLimiter("accountMailRecipient").limit(keyedHash("account-mail-recipient", mailboxOf(email)))).success;
}

/**
 * The account a self-service mail (login link, password reset) may go to, for an address as
 * accounts store it (trimmed, lower case). `user`: an active, not deleted account with exactly
 * this address whose mailbox budget is not spent; otherwise null, and the caller sends nothing
 * and answers as always, so the form tells nothing about accounts. `exists`: whether any account,
 * an inactive or deleted one too, holds the address.
 */
export async function mailableAccount(email: string) {
  if (!email || !isAcceptableText(email)) return { user: null, exists: false };
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, locale: true, isActive: true, deletedAt: true },
  });
  if (!user || !user.isActive || user.deletedAt) return { user: null, exists: user !== null };
  return { user: (await mayMailAccountRecipient(user.email)) ? user : null, exists: true };
}
