import type { Tx } from "@/lib/core/db/client";
import { Prisma, type CompanyRole } from "@/lib/generated/prisma/client";
import { syncSearchMirror } from "@/lib/domains/releases/search-mirror";
import type { MoveLog } from "./moves";

// The rows that belong to a newsroom and go with it to the surviving one: memberships,
// releases, press contacts, invitations, boosts, old slugs and auto-grant blocks. Each change is
// a recorded move, so companies:unmerge puts it back.

const ROLE_RANK: Record<CompanyRole, number> = { member: 0, responsible: 1, owner: 2 };

export interface RowCounts {
  memberships: number;
  membershipsJoined: number;
  releases: number;
  contacts: number;
  invitations: number;
  boosts: number;
  slugRedirects: number;
  /** People an owner removed, who left or whose address match was declined: they stay out of the survivor too. */
  autoGrantBlocks: number;
}

type CompanyRowTable = "press_releases" | "contacts" | "company_invitations" | "boosts" | "company_slug_redirects";

async function idsOf(tx: Tx, table: CompanyRowTable, companyId: number): Promise<number[]> {
  // Locked: a row about to move cannot change company under the merge. The table name comes
  // from the closed union above, never from data.
  const rows = await tx.$queryRaw<
    { id: number }[]
  >`SELECT id FROM ${Prisma.raw(`"${table}"`)} WHERE company_id = ${companyId} ORDER BY id FOR UPDATE`;
  return rows.map((r) => r.id);
}

/**
 * A person in both newsrooms keeps one row, on the survivor, with the higher of the two roles
 * (and that role's grant); the merged row is removed whole, so the unmerge can restore it.
 */
async function moveMemberships(tx: Tx, log: MoveLog, survivorId: number, mergedId: number): Promise<{ moved: number; joined: number }> {
  await tx.$queryRaw`SELECT id FROM company_user WHERE company_id IN (${survivorId}, ${mergedId}) ORDER BY id FOR UPDATE`;
  const rows = await tx.companyUser.findMany({ where: { companyId: { in: [survivorId, mergedId] } }, orderBy: { id: "asc" } });
  const onSurvivor = new Map(rows.filter((r) => r.companyId === survivorId).map((r) => [r.userId, r]));
  const toMove: number[] = [];
  let joined = 0;
  for (const m of rows.filter((r) => r.companyId === mergedId)) {
    const s = onSurvivor.get(m.userId);
    if (!s) {
      toMove.push(m.id);
      continue;
    }
    if (ROLE_RANK[m.role] > ROLE_RANK[s.role]) {
      await log.set(tx, "company_user", "role", s.id, m.role);
      await log.set(tx, "company_user", "granted_via", s.id, m.grantedVia);
    }
    await log.removeMembership(tx, m.id);
    joined++;
  }
  const moved = await log.moveRows(tx, "company_user", toMove, mergedId, survivorId);
  return { moved: moved.length, joined };
}

/** At most one default press contact per newsroom: the survivor's stays the default. */
async function moveContacts(tx: Tx, log: MoveLog, survivorId: number, mergedId: number): Promise<number> {
  const ids = await idsOf(tx, "contacts", mergedId);
  const survivorHasDefault = (await tx.contact.count({ where: { companyId: survivorId, isDefault: true } })) > 0;
  if (survivorHasDefault) {
    for (const c of await tx.contact.findMany({ where: { id: { in: ids }, isDefault: true }, select: { id: true } }))
      await log.set(tx, "contacts", "is_default", c.id, "false");
  }
  return (await log.moveRows(tx, "contacts", ids, mergedId, survivorId)).length;
}

/**
 * An owner's decision that someone stays out (removed, left, declined) holds for the survivor
 * too, or an address match there would offer the person again. An address the survivor blocks
 * already keeps its own row; the merged one's stays behind.
 */
async function moveAutoGrantBlocks(tx: Tx, log: MoveLog, survivorId: number, mergedId: number): Promise<number> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT b.id FROM company_auto_grant_blocks b
    WHERE b.company_id = ${mergedId} AND NOT EXISTS (SELECT 1 FROM company_auto_grant_blocks s WHERE s.company_id = ${survivorId} AND s.email = b.email)
    ORDER BY b.id FOR UPDATE`;
  return (
    await log.moveRows(
      tx,
      "company_auto_grant_blocks",
      rows.map((r) => r.id),
      mergedId,
      survivorId,
    )
  ).length;
}

/** One open invitation per newsroom and address: the merged newsroom's duplicate is revoked. */
async function moveInvitations(tx: Tx, log: MoveLog, survivorId: number, mergedId: number, now: Date): Promise<number> {
  const ids = await idsOf(tx, "company_invitations", mergedId);
  const open = { acceptedAt: null, revokedAt: null } as const;
  const survivorOpen = new Set(
    (await tx.companyInvitation.findMany({ where: { companyId: survivorId, ...open }, select: { email: true } })).map((i) => i.email),
  );
  for (const inv of await tx.companyInvitation.findMany({ where: { id: { in: ids }, ...open }, select: { id: true, email: true } })) {
    if (survivorOpen.has(inv.email)) await log.set(tx, "company_invitations", "revoked_at", inv.id, now.toISOString());
  }
  return (await log.moveRows(tx, "company_invitations", ids, mergedId, survivorId)).length;
}

export async function moveCompanyRows(tx: Tx, log: MoveLog, opts: { survivorId: number; mergedId: number; now: Date }): Promise<RowCounts> {
  const { survivorId, mergedId, now } = opts;
  const memberships = await moveMemberships(tx, log, survivorId, mergedId);
  const releases = await log.moveRows(tx, "press_releases", await idsOf(tx, "press_releases", mergedId), mergedId, survivorId);
  // The search mirror carries the newsroom's id and name; it follows its release.
  for (const id of releases) await syncSearchMirror(tx, id, now);
  return {
    memberships: memberships.moved,
    membershipsJoined: memberships.joined,
    releases: releases.length,
    contacts: await moveContacts(tx, log, survivorId, mergedId),
    invitations: await moveInvitations(tx, log, survivorId, mergedId, now),
    boosts: (await log.moveRows(tx, "boosts", await idsOf(tx, "boosts", mergedId), mergedId, survivorId)).length,
    slugRedirects: (
      await log.moveRows(tx, "company_slug_redirects", await idsOf(tx, "company_slug_redirects", mergedId), mergedId, survivorId)
    ).length,
    autoGrantBlocks: await moveAutoGrantBlocks(tx, log, survivorId, mergedId),
  };
}
