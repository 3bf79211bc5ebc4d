import type { Tx } from "@/lib/core/db/client";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";

/** The hub page that shows an invitation and accepts it on a click (app/hub/invitation/[token]). */
export const invitationUrl = (token: string): string => `${siteOrigin("hub", getSiteHosts())}/invitation/${token}`;

/**
 * Closes an invitation's login link (by expiry, so used_at keeps meaning "redeemed"): a revoked,
 * replaced or otherwise accepted invitation must not be accepted through its old mail.
 */
export async function expireInvitationLink(tx: Tx, magicLinkId: number | null, now: Date): Promise<void> {
  if (magicLinkId === null) return;
  await tx.magicLink.updateMany({ where: { id: magicLinkId, usedAt: null, expiresAt: { gt: now } }, data: { expiresAt: now } });
}
