import { assertCan } from "@/lib/domains/accounts/permissions";
import { db, type Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { creditCompany } from "./credit-ledger";
import { adminReasonIssue } from "@/lib/core/input/admin-reason";
import { GRANT_MESSAGES, grantAmountIssue, isGrantId, parseGrantNewsroom } from "./grant-rules";

export { MAX_CREDIT_GRANT } from "./grant-rules";

// Credit grants (spec 5.11, 6.1): staff with billing:manage give a newsroom credits without a
// payment, with a reason, never to a newsroom they belong to themselves. The permission is
// checked again inside the transaction that books the grant, so a revocation committed before the
// click is seen; the ledger row, the balance and the activity entry (credits.top_up, path
// `grant`) commit together. Checks and messages: ./grant-rules.ts, shared with the form.

export interface GrantCreditsOptions {
  adminUserId: number;
  /** The newsroom as staff typed it: its number ("123", "Nr. 123", "#123") or its slug. */
  newsroom: string;
  credits: number;
  reason: string;
  grantId: string;
}

export interface GrantCreditsResult {
  /** False when this form's grant was booked before (a repeated submit): nothing was added now. */
  granted: boolean;
  companyId: number;
  balance: number;
}

function invalid(path: string, message: string): AppError {
  return new AppError("validation_failed", `Credit grant refused: ${path}.`, undefined, [{ path, message }]);
}

/**
 * The newsroom the grant is for, locked: a merge or removal committed meanwhile is seen, and
 * credits never land on a newsroom that was merged away. Staff who belong to it (a membership of
 * their own, whatever the role) may not grant to it: nobody gives credits to themselves.
 */
async function lockGrantNewsroom(tx: Tx, raw: string, adminUserId: number): Promise<number> {
  if (!raw.trim()) throw invalid("newsroom", GRANT_MESSAGES.newsroomMissing);
  const named = parseGrantNewsroom(raw);
  let companyId: number | null = null;
  if (named && "id" in named) companyId = isRecordId(named.id) ? named.id : null;
  else if (named) {
    const bySlug = await tx.company.findMany({ where: { slug: named.slug, deletedAt: null }, select: { id: true }, take: 2 });
    if (bySlug.length > 1) throw invalid("newsroom", GRANT_MESSAGES.newsroomAmbiguous);
    companyId = bySlug[0]?.id ?? null;
  }
  const [company] = companyId
    ? await tx.$queryRaw<
        { deleted_at: Date | null; merged_into_company_id: number | null }[]
      >`SELECT deleted_at, merged_into_company_id FROM companies WHERE id = ${companyId} FOR UPDATE`
    : [];
  if (!company || company.deleted_at) throw invalid("newsroom", GRANT_MESSAGES.newsroomUnknown);
  if (company.merged_into_company_id) throw invalid("newsroom", GRANT_MESSAGES.newsroomMerged(company.merged_into_company_id));
  if (await tx.companyUser.count({ where: { companyId: companyId!, userId: adminUserId } }))
    throw new AppError("forbidden", "Credit grant refused: own newsroom.", undefined, [
      { path: "newsroom", message: GRANT_MESSAGES.ownNewsroom },
    ]);
  return companyId!;
}

/**
 * Grants credits to a newsroom as the staff member `adminUserId`. Authorizes billing:manage from
 * the stored user inside the transaction (FOR SHARE: a revocation committed earlier is seen, a
 * later one waits), then books through the ledger under the newsroom's row lock, so grants at
 * the same time each count once.
 */
export async function grantCredits(opts: GrantCreditsOptions): Promise<GrantCreditsResult> {
  const amountIssue = grantAmountIssue(opts.credits);
  if (amountIssue) throw invalid("credits", amountIssue);
  const reason = typeof opts.reason === "string" ? opts.reason.trim() : "";
  const reasonIssue = adminReasonIssue(reason);
  if (reasonIssue) throw invalid("reason", reasonIssue);
  if (!isGrantId(opts.grantId)) throw new AppError("validation_failed", "A credit grant needs the form's grant id.");
  return db.$transaction(async (tx) => {
    await assertCan(opts.adminUserId, "billing:manage", tx);
    // Looked up only after the permission check: nobody else learns which newsrooms exist.
    const companyId = await lockGrantNewsroom(tx, opts.newsroom, opts.adminUserId);
    const booked = await creditCompany(tx, {
      companyId,
      credits: opts.credits,
      reference: `grant:${opts.grantId}`,
      reason,
      actorUserId: opts.adminUserId,
      path: "grant",
    });
    return { granted: booked.credited, companyId, balance: booked.balance };
  });
}

export interface GrantRecord {
  /** The ledger row. */
  id: number;
  companyId: number;
  companyName: string;
  credits: number;
  reason: string;
  adminName: string | null;
  createdAt: Date;
}

/** A grant by its form id with the newsroom's balance now, for the notice after it was booked; null when there is none. */
export async function findGrant(grantId: string): Promise<(GrantRecord & { balance: number }) | null> {
  if (!isGrantId(grantId)) return null;
  const row = await db.creditTransaction.findUnique({
    where: { reference: `grant:${grantId}` },
    select: {
      id: true,
      companyId: true,
      delta: true,
      reason: true,
      actorUserId: true,
      createdAt: true,
      company: { select: { name: true, credits: true } },
    },
  });
  if (!row) return null;
  const admin = row.actorUserId ? await db.user.findUnique({ where: { id: row.actorUserId }, select: { name: true } }) : null;
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.company.name,
    credits: row.delta,
    reason: row.reason,
    adminName: admin?.name ?? null,
    createdAt: row.createdAt,
    balance: row.company.credits,
  };
}

/** The statement of recentGrants (its plan is checked in grant-credits.integration.test.ts). */
export function recentGrantsSql(limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT t.id, t.company_id, c.name AS company_name, t.delta, t.reason, t.actor_user_id, u.name AS admin_name, t.created_at
    FROM (SELECT * FROM credit_transactions WHERE reference LIKE 'grant:%' ORDER BY id DESC LIMIT ${limit}) t
    JOIN companies c ON c.id = t.company_id
    LEFT JOIN users u ON u.id = t.actor_user_id
    ORDER BY t.id DESC`;
}

/**
 * The latest grants, newest first: the ledger rows booked with a grant reference. The pattern is
 * written into the statement (not a parameter) so PostgreSQL sees it matches the partial index
 * credit_transactions_grants_idx (prisma/sql/credit-grants.sql) and reads only grants.
 */
export async function recentGrants(limit = 20): Promise<GrantRecord[]> {
  const rows = await db.$queryRaw<
    {
      id: number;
      company_id: number;
      company_name: string;
      delta: number;
      reason: string;
      actor_user_id: number | null;
      admin_name: string | null;
      created_at: Date;
    }[]
  >(recentGrantsSql(limit));
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    credits: r.delta,
    reason: r.reason,
    adminName: r.admin_name,
    createdAt: r.created_at,
  }));
}
