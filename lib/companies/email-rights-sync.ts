import { recordActivity } from "@/lib/activity/record-activity";
import { db, isTransaction, type DbOrTx, type Tx } from "@/lib/db/client";

// E-mail rights sync at login (spec 5.14). Runs for a verified (email_verified_at set), active,
// not deleted account only, and lowers every *automatic* `responsible` right whose e-mail match
// is gone to `member`.
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
// The lowered row keeps granted_via = 'auto': it is still the sync's grant, now as a member.

/**
 * Lowers the user's automatic `responsible` rights without a current e-mail match to `member`
 * and returns the ids of the companies concerned. Idempotent (a second run finds nothing left to
 * lower) and safe to run twice at once for one user: the user's row is locked first, so the
 * second sync waits and then sees the lowered rows.
 */
export async function syncEmailRights(userId: number, client?: DbOrTx): Promise<{ lowered: number[] }> {
  const run = (tx: Tx) => lowerUnmatchedRights(tx, userId);
  // Inside the caller's transaction (login completion) the lowering commits or fails with it.
  if (client && isTransaction(client)) return run(client as Tx);
  return db.$transaction(run);
}

async function lowerUnmatchedRights(tx: Tx, userId: number): Promise<{ lowered: number[] }> {
  // FOR NO KEY UPDATE serializes syncs of one user and holds back a concurrent address change
  // until this one commits, without blocking inserts that merely reference the user.
  const users = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM users
    WHERE id = ${userId} AND email_verified_at IS NOT NULL AND is_active AND deleted_at IS NULL
    FOR NO KEY UPDATE`;
  if (users.length === 0) return { lowered: [] };

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
    await recordActivity({ actorUserId: null, type: "company_role_lowered", subjectType: "company", subjectId: companyId, result: "member", reason: "email_mismatch", metadata: { userId, from: "responsible", to: "member" } }, tx);
  }
  return { lowered };
}
