import { companyAbilities } from "@/lib/domains/accounts/abilities";
import { db } from "@/lib/core/db/client";
import type { CompanyRole, GrantedVia } from "@/lib/generated/prisma/client";
import { openEmailMatches, type OpenEmailMatch } from "./list-email-matches";
import { TeamRefusedError } from "./refusals";
import { ROLE_RANK } from "./team-locks";

export interface TeamMember {
  userId: number;
  name: string;
  email: string;
  role: CompanyRole;
  grantedVia: GrantedVia;
  since: Date;
  isViewer: boolean;
  /**
   * The address is the newsroom's own or a press contact's: removing the person leaves it on the
   * profile (the confirmation says so), though it brings nobody back by itself.
   */
  matchesNewsroomAddress: boolean;
  /** Added by the e-mail sync on the address alone, before a match needed an owner: the owner confirms or removes. */
  isAutoAdded: boolean;
}

export interface PendingTeamInvitation {
  id: number;
  email: string;
  role: CompanyRole;
  expiresAt: Date;
  isExpired: boolean;
}

export interface Team {
  companyId: number;
  name: string;
  /** The viewer may invite, change roles and remove (ability manageMembers, newsroom open). */
  canManage: boolean;
  /** The viewer's own role; null for staff looking in without a membership. */
  viewerRole: CompanyRole | null;
  members: TeamMember[];
  /** Open invitations, expired ones included (they can be sent again); only for managers. */
  invitations: PendingTeamInvitation[];
  /** Accounts whose address matches the newsroom's or a press contact's, waiting for an owner; only for managers. */
  emailMatches: OpenEmailMatch[];
}

/**
 * The team page's data. Whoever may not view the newsroom gets "not found", the same as for a
 * newsroom that does not exist: the page does not tell one from the other.
 */
export async function loadTeam(opts: { viewerUserId: number; companyId: number; now?: Date }): Promise<Team> {
  const now = opts.now ?? new Date();
  const abilities = await companyAbilities(opts.viewerUserId, opts.companyId);
  if (!abilities.has("view")) throw new TeamRefusedError("newsroom_not_found");
  const company = await db.company.findUniqueOrThrow({
    where: { id: opts.companyId },
    select: { id: true, name: true, email: true, goneAt: true, mergedIntoCompanyId: true },
  });
  const canManage = abilities.has("manageMembers") && company.goneAt === null && company.mergedIntoCompanyId === null;
  const rows = await db.companyUser.findMany({
    where: { companyId: company.id },
    select: { role: true, grantedVia: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
  });
  const contacts = await db.contact.findMany({ where: { companyId: company.id }, select: { email: true } });
  const newsroomAddresses = new Set(
    [company.email, ...contacts.map((c) => c.email)].filter((e): e is string => !!e).map((e) => e.toLowerCase()),
  );
  const members = rows
    .map((r) => ({
      userId: r.user.id,
      name: r.user.name,
      email: r.user.email,
      role: r.role,
      grantedVia: r.grantedVia,
      since: r.createdAt,
      isViewer: r.user.id === opts.viewerUserId,
      matchesNewsroomAddress: newsroomAddresses.has(r.user.email.toLowerCase()),
      isAutoAdded: r.grantedVia === "auto",
    }))
    .sort((a, b) => ROLE_RANK[b.role] - ROLE_RANK[a.role] || a.name.localeCompare(b.name, "de") || a.userId - b.userId);
  const invitations = canManage
    ? (
        await db.companyInvitation.findMany({
          where: { companyId: company.id, acceptedAt: null, revokedAt: null },
          orderBy: { id: "desc" },
          select: { id: true, email: true, role: true, expiresAt: true },
        })
      ).map((i) => ({
        ...i,
        isExpired: i.expiresAt <= now,
      }))
    : [];
  // Only what the owner typed goes to the page: no account id, no name.
  const emailMatches = canManage
    ? (await openEmailMatches(company.id)).map(({ id, email, matchedOn, foundAt }): OpenEmailMatch => ({ id, email, matchedOn, foundAt }))
    : [];
  return {
    companyId: company.id,
    name: company.name,
    canManage,
    viewerRole: members.find((m) => m.isViewer)?.role ?? null,
    members,
    invitations,
    emailMatches,
  };
}
