import { companyAbilities } from "@/lib/domains/accounts/abilities";
import { db, type DbOrTx, type Tx } from "@/lib/core/db/client";
import type { CompanyRole } from "@/lib/generated/prisma/client";
import { TeamRefusedError } from "./refusals";

// The shared steps of every team change: lock the newsroom, read the actor's abilities after the
// lock, and the last owner rule. Every team write locks the company row first (and only then an
// invitation row), so two changes of one team run one after the other and never deadlock.

export interface LockedNewsroom {
  id: number;
  name: string;
  /** Not removed (gone_at) and not merged into another newsroom: its team may still change. */
  isOpen: boolean;
  /** The newsroom it was merged into, where its team now is. */
  mergedIntoCompanyId: number | null;
}

type NewsroomRow = { id: number; name: string; goneAt: Date | null; mergedIntoCompanyId: number | null };

function lockedNewsroomOf(row: NewsroomRow): LockedNewsroom {
  return {
    id: row.id,
    name: row.name,
    isOpen: row.goneAt === null && row.mergedIntoCompanyId === null,
    mergedIntoCompanyId: row.mergedIntoCompanyId,
  };
}

/** SELECT … FOR UPDATE on the company; a deleted or unknown one is "not found". */
export async function lockNewsroom(tx: Tx, companyId: number): Promise<LockedNewsroom> {
  const [row] = await tx.$queryRaw<NewsroomRow[]>`
    SELECT id, name, gone_at AS "goneAt", merged_into_company_id AS "mergedIntoCompanyId" FROM companies WHERE id = ${companyId} AND deleted_at IS NULL FOR UPDATE`;
  if (!row) throw new TeamRefusedError("newsroom_not_found");
  return lockedNewsroomOf(row);
}

/**
 * The actor may manage the team (ability manageMembers), read from the rows as they are after
 * the lock: an owner demoted a moment ago is no longer one. Someone who cannot even see the
 * newsroom learns nothing about it ("not found", like the page).
 */
export async function assertTeamManager(client: DbOrTx, actorUserId: number, newsroom: LockedNewsroom): Promise<void> {
  const abilities = await companyAbilities(actorUserId, newsroom.id, client);
  if (!abilities.has("view")) throw new TeamRefusedError("newsroom_not_found");
  if (!newsroom.isOpen) throw new TeamRefusedError("newsroom_closed");
  if (!abilities.has("manageMembers")) throw new TeamRefusedError("not_manager");
}

/**
 * The same check without a lock, for work that must not happen inside the transaction (a DNS
 * lookup on an invited domain): whoever may not manage the team is refused before it. The
 * locked check inside the transaction still decides.
 */
export async function assertTeamManagerBeforehand(actorUserId: number, companyId: number): Promise<void> {
  const company = await db.company.findFirst({
    where: { id: companyId, deletedAt: null },
    select: { id: true, name: true, goneAt: true, mergedIntoCompanyId: true },
  });
  if (!company) throw new TeamRefusedError("newsroom_not_found");
  await assertTeamManager(db, actorUserId, lockedNewsroomOf(company));
}

/**
 * The last owner rule: a newsroom always keeps an active owner. Called, under the company lock,
 * before `userId` stops being an owner; only active, not deleted accounts count as owners.
 */
export async function assertAnotherOwnerRemains(tx: Tx, companyId: number, userId: number): Promise<void> {
  const others = await tx.companyUser.count({
    where: { companyId, role: "owner", userId: { not: userId }, user: { isActive: true, deletedAt: null } },
  });
  if (others === 0) throw new TeamRefusedError("last_owner");
}

export const TEAM_ROLES: readonly CompanyRole[] = ["owner", "responsible", "member"];

/** Higher is more: accepting an invitation never lowers a role someone already holds. */
export const ROLE_RANK: Record<CompanyRole, number> = { member: 1, responsible: 2, owner: 3 };

export function parseTeamRole(value: unknown): CompanyRole {
  if (typeof value === "string" && (TEAM_ROLES as readonly string[]).includes(value)) return value as CompanyRole;
  throw new TeamRefusedError("invalid_role");
}
