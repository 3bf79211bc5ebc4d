import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import type { Tx } from "@/lib/core/db/client";
import { AppError, InsufficientCreditsError, notFound } from "@/lib/core/errors/errors";

// The credit ledger of a newsroom: every movement is one credit_transactions row, and
// companies.credits is the running balance, moved in the same transaction. Both functions run
// inside the caller's transaction (a webhook, a boost booking, an admin grant) so the balance,
// the ledger row and what was paid for commit together or not at all.

export interface LedgerEntry {
  companyId: number;
  /** How many credits move; a positive whole number. */
  credits: number;
  /** Idempotency key (a Stripe session id, `boost:<id>`, a grant id): booked once, ever. */
  reference: string;
  /** Why, in a few words, for the ledger and the activity log. */
  reason: string;
  actorUserId?: number | null;
  /** How the credits came, for the activity log (`grant`: given by staff); absent for payments and spending. */
  path?: string;
}

function assertEntry(entry: LedgerEntry): void {
  if (!Number.isInteger(entry.credits) || entry.credits <= 0) {
    throw new AppError("validation_failed", "Credits must be a positive whole number.", undefined, [
      { path: "credits", message: "Bitte eine positive ganze Zahl angeben." },
    ]);
  }
  if (!entry.reference.trim()) throw new AppError("validation_failed", "A ledger entry needs a reference.");
}

/**
 * Locks the newsroom row. Every ledger movement of one newsroom takes this lock first, so two
 * debits cannot both read the same balance and both spend it, and a repeated reference waits for
 * the first booking to commit before it looks.
 */
async function lockBalance(tx: Tx, companyId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ credits: number }[]>`SELECT credits FROM companies WHERE id = ${companyId} FOR UPDATE`;
  if (!row) throw notFound("Newsroom not found.");
  return row.credits;
}

/**
 * Inserts the ledger row unless its reference is already booked. Two webhook deliveries of one
 * payment for different newsrooms would not share the company lock; the unique reference still
 * lets only one of them in (ON CONFLICT DO NOTHING, the loser sees no row).
 */
async function insertOnce(tx: Tx, entry: LedgerEntry, delta: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO credit_transactions (company_id, delta, reason, reference, actor_user_id)
    VALUES (${entry.companyId}, ${delta}, ${entry.reason}, ${entry.reference}, ${entry.actorUserId ?? null})
    ON CONFLICT (reference) DO NOTHING
    RETURNING id`;
  return rows.length === 1;
}

/** Adds credits to a newsroom (a paid pack, a grant). A reference booked before changes nothing. */
export async function creditCompany(tx: Tx, opts: LedgerEntry): Promise<{ credited: boolean; balance: number }> {
  assertEntry(opts);
  const before = await lockBalance(tx, opts.companyId);
  if (!(await insertOnce(tx, opts, opts.credits))) return { credited: false, balance: before };
  const [row] = await tx.$queryRaw<{ credits: number }[]>`
    UPDATE companies SET credits = credits + ${opts.credits} WHERE id = ${opts.companyId} RETURNING credits`;
  const balance = row!.credits;
  await recordActivity(
    {
      actorUserId: opts.actorUserId ?? null,
      type: ACTIVITY.creditsTopUp,
      subjectType: "company",
      subjectId: opts.companyId,
      reason: opts.reason,
      path: opts.path,
      metadata: { credits: opts.credits, reference: opts.reference, balance },
    },
    tx,
  );
  return { credited: true, balance };
}

/**
 * Takes credits from a newsroom. Throws InsufficientCreditsError, writing nothing, when the
 * balance is short; a reference booked before changes nothing (debited false).
 */
export async function debitCompany(tx: Tx, opts: LedgerEntry): Promise<{ debited: boolean; balance: number }> {
  assertEntry(opts);
  const before = await lockBalance(tx, opts.companyId);
  // A repeat of a booked debit is answered before the balance check: it costs nothing again.
  const booked = await tx.creditTransaction.findUnique({ where: { reference: opts.reference }, select: { id: true } });
  if (booked) return { debited: false, balance: before };
  if (before < opts.credits) throw new InsufficientCreditsError(opts.credits, before);
  if (!(await insertOnce(tx, opts, -opts.credits))) return { debited: false, balance: before };
  // Conditional on the balance as well: the check constraint (credits >= 0) is the last word,
  // this keeps a short balance a business outcome instead of a database error.
  const rows = await tx.$queryRaw<{ credits: number }[]>`
    UPDATE companies SET credits = credits - ${opts.credits} WHERE id = ${opts.companyId} AND credits >= ${opts.credits} RETURNING credits`;
  if (rows.length !== 1) throw new InsufficientCreditsError(opts.credits, before);
  const balance = rows[0]!.credits;
  await recordActivity(
    {
      actorUserId: opts.actorUserId ?? null,
      type: ACTIVITY.creditsSpent,
      subjectType: "company",
      subjectId: opts.companyId,
      reason: opts.reason,
      metadata: { credits: opts.credits, reference: opts.reference, balance },
    },
    tx,
  );
  return { debited: true, balance };
}
