import { hashLinkToken, isWellFormedLinkToken } from "@/lib/domains/accounts/login-links";
import { db } from "@/lib/core/db/client";
import type { CompanyRole } from "@/lib/generated/prisma/client";

export interface PendingInvitation {
  invitationId: number;
  companyId: number;
  newsroomName: string;
  role: CompanyRole;
  /** The invited address (lower-cased): the only account the invitation lets in. */
  email: string;
  expiresAt: Date;
  inviterName: string | null;
  /** The active account of the invited address, or null: then the way in is a registration. */
  accountUserId: number | null;
}

/**
 * The open invitation behind an invitation link, read without spending the link (the page shows
 * it before anybody clicks). Null for every link that cannot be accepted: unknown, of another
 * purpose, used, expired, revoked, accepted, or of a newsroom that is gone; the page shows one
 * message for all of them.
 */
export async function findInvitationByToken(token: string, now: Date = new Date()): Promise<PendingInvitation | null> {
  if (!isWellFormedLinkToken(token)) return null;
  const link = await db.magicLink.findUnique({
    where: { tokenHash: hashLinkToken(token) },
    select: { id: true, purpose: true, usedAt: true, expiresAt: true },
  });
  if (!link || link.purpose !== "invitation" || link.usedAt || link.expiresAt <= now) return null;
  const invitation = await db.companyInvitation.findUnique({
    where: { magicLinkId: link.id },
    select: {
      id: true,
      email: true,
      role: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      invitedByUserId: true,
      company: { select: { id: true, name: true, deletedAt: true, goneAt: true, mergedIntoCompanyId: true } },
    },
  });
  if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= now) return null;
  const { company } = invitation;
  if (company.deletedAt || company.goneAt || company.mergedIntoCompanyId) return null;
  const account = await db.user.findUnique({ where: { email: invitation.email }, select: { id: true, isActive: true, deletedAt: true } });
  const inviter = invitation.invitedByUserId
    ? await db.user.findUnique({ where: { id: invitation.invitedByUserId }, select: { name: true } })
    : null;
  return {
    invitationId: invitation.id,
    companyId: company.id,
    newsroomName: company.name,
    role: invitation.role,
    email: invitation.email,
    expiresAt: invitation.expiresAt,
    inviterName: inviter?.name ?? null,
    accountUserId: account?.isActive && !account.deletedAt ? account.id : null,
  };
}
