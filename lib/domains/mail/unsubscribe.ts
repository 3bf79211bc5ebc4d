import { db } from "@/lib/core/db/client";
import type { UnsubscribeScope } from "./mail-types";
import { unsubscribeAddress } from "./suppression";
import { verifyUnsubscribeToken } from "./unsubscribe-token";

/**
 * Redeems an unsubscribe link: the scope is added to the address's `unsubscribed` suppression
 * (transactional mail keeps coming), and a newsletter unsubscribe also ends the subscription.
 * Idempotent: a second click, or a mail client's one-click POST after the visible link, changes
 * nothing. Null when the token is not ours.
 */
export async function applyUnsubscribe(token: string | null | undefined): Promise<{ email: string; scope: UnsubscribeScope } | null> {
  const target = verifyUnsubscribeToken(token);
  if (!target) return null;
  await db.$transaction(async (tx) => {
    await unsubscribeAddress(target, tx);
    if (target.scope === "newsletter") {
      await tx.newsletterSubscriber.updateMany({
        where: { email: target.email, unsubscribedAt: null },
        data: { unsubscribedAt: new Date() },
      });
    }
  });
  return target;
}
