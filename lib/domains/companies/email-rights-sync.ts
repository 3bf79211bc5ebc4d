import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db, isTransaction, type DbOrTx, type Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { effectiveClassification } from "./email-groups/effective-classification";
import { emailMatchOpenSql } from "./team/email-match-rule";

// E-mail rights sync at login (spec 5.14). Runs for a verified (email_verified_at set), active,
// not deleted account only. It lowers every *automatic* `responsible` right whose e-mail match
// is gone to `member`. A match itself grants nothing (docs/newsrooms.md): whoever may edit a
// profile could otherwise hand the newsroom to any account by typing its address as a press
// contact. The sync records the match (company_email_matches) and an owner decides: "invite"
// sends the ordinary invitation the person accepts, "decline" blocks the address.
//
// What the words mean here:
// - "automatic": company_user.granted_via = 'auto', the value the e-mail sync set before
//   matches needed an owner (spec 2.2). Rights granted by hand (`manual`), by the API (`api`)
//   or taken over from the legacy system (`legacy_import`) were decided by a person or a
//   contract; the sync leaves them.
// - "current e-mail match": the user's current account address (users.email; a pending change
//   counts only once redeemed) equals, ignoring case, the company's own address
//   (companies.email) or the address of one of its press contacts (contacts.email) as they are
//   now. Only the exact address counts, not its domain: a shared domain says "works there", not
//   "is the newsroom's press contact", and for consumer-mail or agency domains it would match
//   strangers. Addresses are stored lower-cased (docs/data-model.md), lower() on both sides
//   guards older rows.
// - Matches are recorded only for companies whose team may still change: not deleted, not
//   removed (gone_at), not merged into another; never for an address whose effective
//   classification is `agency` (spec 2.2, 8); never where the person was removed, left or was
//   declined (company_auto_grant_blocks: an owner's decision outranks an address match); never
//   for someone already in the team or already invited.
// The lowered row keeps granted_via = 'auto': it is still the sync's grant, now as a member.

export interface EmailRightsSyncResult {
  /** Companies where an automatic `responsible` became `member`. */
  lowered: number[];
  /** Companies where a new address match now waits for an owner's decision. */
  suggested: number[];
}

/**
 * Lowers the user's automatic `responsible` rights without a current e-mail match to `member`,
 * records new matches for the owners, drops the user's matches that no longer hold, and
 * returns the ids of the companies concerned. Idempotent (a second run finds nothing left to
 * do) and safe to run twice at once for one user: the user's row is locked first, so the
 * second sync waits and then sees the first one's rows.
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
  if (users.length === 0) return { lowered: [], suggested: [] };
  const lowered = await lowerUnmatchedRights(tx, userId);
  const suggested = await recordMatches(tx, userId, users[0]!.email);
  return { lowered, suggested };
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
    await recordActivity(
      {
        actorUserId: null,
        type: ACTIVITY.companyRoleLowered,
        subjectType: "company",
        subjectId: companyId,
        result: "member",
        reason: "email_mismatch",
        metadata: { userId, from: "responsible", to: "member" },
      },
      tx,
    );
  }
  return lowered;
}

async function recordMatches(tx: Tx, userId: number, email: string): Promise<number[]> {
  const isAgency = (await effectiveClassification(email, tx)) === "agency";
  // Matches that no longer hold go first: a changed account address or contact, a block, a
  // membership or invitation since, a newsroom closed since.
  await tx.$executeRaw`
    DELETE FROM company_email_matches m USING companies c
    WHERE m.user_id = ${userId} AND c.id = m.company_id
      AND (${isAgency} OR m.email <> lower(${email}) OR NOT ${matchOpen(userId, email)})`;
  if (isAgency) return [];
  // Insert-or-ignore: two syncs of one user are serialized by the user lock; an owner deciding
  // at this moment holds the company lock and its invitation or block is seen next time.
  const rows = await tx.$queryRaw<{ company_id: number }[]>`
    INSERT INTO company_email_matches (company_id, user_id, email, matched_on, created_at)
    SELECT c.id, ${userId}, lower(${email}), CASE WHEN lower(c.email) = lower(${email}) THEN 'company' ELSE 'contact' END, now()
    FROM companies c
    WHERE ${matchOpen(userId, email)}
    ON CONFLICT (company_id, user_id) DO NOTHING
    RETURNING company_id`;
  const suggested = rows.map((r) => r.company_id).sort((a, b) => a - b);
  for (const companyId of suggested) {
    await recordActivity(
      {
        actorUserId: null,
        type: ACTIVITY.companyEmailMatchFound,
        subjectType: "company",
        subjectId: companyId,
        reason: "email_match",
        metadata: { userId },
      },
      tx,
    );
  }
  return suggested;
}

/** The one rule of an open match (team/email-match-rule.ts), on company row `c` for this account and address. */
const matchOpen = (userId: number, email: string): Prisma.Sql => emailMatchOpenSql(Prisma.sql`${userId}`, Prisma.sql`lower(${email})`);
