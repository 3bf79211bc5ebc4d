import { recordActivity } from "@/lib/activity/record-activity";
import { ACTIVITY } from "@/lib/activity/types";
import { db, isTransaction, type DbOrTx, type Tx } from "@/lib/db/client";
import { effectiveClassification } from "./email-groups/effective-classification";

// E-mail rights sync at login (spec 5.14). Runs for a verified (email_verified_at set), active,
// not deleted account only. It lowers every *automatic* `responsible` right whose e-mail match
// is gone to `member`, and grants `responsible` where a match exists: a company without a
// membership of the user gets one (granted_via auto), and an automatic `member` row with a match
// (one this sync lowered earlier) is raised back to `responsible`.
//
// What the words mean here:
// - "automatic": company_user.granted_via = 'auto', the value the e-mail sync itself sets
//   (spec 2.2). Rights granted by hand (`manual`), by the API (`api`) or taken over from the
//   legacy system (`legacy_import`) were decided by a person or a contract; the sync leaves them.
// - "current e-mail match": the user's current account address (users.email; a pending change
//   counts only once redeemed) equals, ignoring case, the company's own address
//   (companies.email) or the address of one of its press contacts (contacts.email) as they are
//   now. Only the exact address counts, not its domain: a shared domain says "works there", not
//   "is the newsroom's press contact", and for consumer-mail or agency domains it would match
//   strangers. Addresses are stored lower-cased (docs/data-model.md), lower() on both sides
//   guards older rows.
// - Grants go only to companies whose team may still change: not deleted, not removed (gone_at),
//   not merged into another. And never for an address whose effective classification is
//   `agency` (spec 2.2, 8): one agency address in many newsrooms is no newsroom's press officer.
//   Nor where the person was removed or left (company_auto_grant_blocks): an owner's decision
//   outranks an address match until an owner or the API adds them again.
// The lowered row keeps granted_via = 'auto': it is still the sync's grant, now as a member.

export interface EmailRightsSyncResult {
  /** Companies where an automatic `responsible` became `member`. */
  lowered: number[];
  /** Companies where the user became `responsible` (new row or raised automatic member). */
  granted: number[];
}

/**
 * Lowers the user's automatic `responsible` rights without a current e-mail match to `member`,
 * grants `responsible` where a match has none, and returns the ids of the companies concerned.
 * Idempotent (a second run finds nothing left to do) and safe to run twice at once for one user:
 * the user's row is locked first, so the second sync waits and then sees the first one's rows.
 */
export async function syncEmailRights(userId: number, client?: DbOrTx): Promise<EmailRightsSyncResult> {
  const run = (tx: Tx) => syncLocked(tx, userId);
  // Inside the caller's transaction (login completion) the lowering commits or fails with it.
  if (client && isTransaction(client)) return run(client as Tx);
  return db.$transaction(run);
}

async function syncLocked(tx: Tx, userId: number): Promise<EmailRightsSyncResult> {
  // FOR NO KEY UPDATE serializes syncs of one user and holds back a concurrent address change
  // until this one commits, without blocking inserts that merely reference the user.
  const users = await tx.$queryRaw<{ id: number; email: string }[]>`
    SELECT id, email FROM users
    WHERE id = ${userId} AND email_verified_at IS NOT NULL AND is_active AND deleted_at IS NULL
    FOR NO KEY UPDATE`;
  if (users.length === 0) return { lowered: [], granted: [] };
  const lowered = await lowerUnmatchedRights(tx, userId);
  const granted = await grantMatchedRights(tx, userId, users[0]!.email);
  return { lowered, granted };
}

async function lowerUnmatchedRights(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx.$queryRaw<{ company_id: number }[]>`
    UPDATE company_user cu SET role = 'member', updated_at = now()
    FROM users u
    WHERE u.id = ${userId} AND cu.user_id = u.id
      AND cu.role = 'responsible' AND cu.granted_via = 'auto'
      AND NOT EXISTS (SELECT 1 FROM companies c WHERE c.id = cu.company_id AND lower(c.email) = lower(u.email))
      AND NOT EXISTS (SELECT 1 FROM contacts k WHERE k.company_id = cu.company_id AND lower(k.email) = lower(u.email))
    RETURNING cu.company_id`;
  const lowered = rows.map((r) => r.company_id).sort((a, b) => a - b);

  for (const companyId of lowered) {
    await recordActivity({ actorUserId: null, type: ACTIVITY.companyRoleLowered, subjectType: "company", subjectId: companyId, result: "member", reason: "email_mismatch", metadata: { userId, from: "responsible", to: "member" } }, tx);
  }
  return lowered;
}

async function grantMatchedRights(tx: Tx, userId: number, email: string): Promise<number[]> {
  if ((await effectiveClassification(email, tx)) === "agency") return [];
  // Insert-or-ignore: an owner's invitation accepted at this moment may add the row first; then
  // that (manual) row stands and this company is not reported as granted.
  const added = await tx.$queryRaw<{ company_id: number }[]>`
    INSERT INTO company_user (company_id, user_id, role, granted_via, created_at, updated_at)
    SELECT c.id, ${userId}, 'responsible', 'auto', now(), now()
    FROM companies c
    WHERE c.deleted_at IS NULL AND c.gone_at IS NULL AND c.merged_into_company_id IS NULL
      AND (lower(c.email) = lower(${email}) OR EXISTS (SELECT 1 FROM contacts k WHERE k.company_id = c.id AND lower(k.email) = lower(${email})))
      AND NOT EXISTS (SELECT 1 FROM company_auto_grant_blocks b WHERE b.company_id = c.id AND b.email = lower(${email}))
      AND NOT EXISTS (SELECT 1 FROM company_user cu WHERE cu.company_id = c.id AND cu.user_id = ${userId})
    ON CONFLICT (company_id, user_id) DO NOTHING
    RETURNING company_id`;
  const raised = await tx.$queryRaw<{ company_id: number }[]>`
    UPDATE company_user cu SET role = 'responsible', updated_at = now()
    FROM companies c
    WHERE cu.user_id = ${userId} AND cu.company_id = c.id
      AND cu.role = 'member' AND cu.granted_via = 'auto'
      AND c.deleted_at IS NULL AND c.gone_at IS NULL AND c.merged_into_company_id IS NULL
      AND (lower(c.email) = lower(${email}) OR EXISTS (SELECT 1 FROM contacts k WHERE k.company_id = c.id AND lower(k.email) = lower(${email})))
      AND NOT EXISTS (SELECT 1 FROM company_auto_grant_blocks b WHERE b.company_id = c.id AND b.email = lower(${email}))
    RETURNING cu.company_id`;
  const from = new Map<number, "member" | null>([...added.map((r) => [r.company_id, null] as const), ...raised.map((r) => [r.company_id, "member"] as const)]);
  const granted = [...from.keys()].sort((a, b) => a - b);
  for (const companyId of granted) {
    await recordActivity({ actorUserId: null, type: ACTIVITY.companyRoleGranted, subjectType: "company", subjectId: companyId, result: "responsible", reason: "email_match", metadata: { userId, from: from.get(companyId)!, to: "responsible" } }, tx);
  }
  return granted;
}
