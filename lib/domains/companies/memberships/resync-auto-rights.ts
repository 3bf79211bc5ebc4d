import { rollbackAfter } from "@/lib/domains/companies/merge/dry-run";
import { syncEmailRights, type EmailRightsSyncResult } from "@/lib/domains/companies/email-rights-sync";
import { db } from "@/lib/core/db/client";

// company-memberships:resync-auto: the login e-mail rights sync (spec 5.14) for every account it
// concerns, without waiting for each person's next login.

export interface ResyncChange {
  userId: number;
  email: string;
  lowered: number[];
  /** Companies where a new address match now waits for an owner (the sync grants nothing). */
  suggested: number[];
}

export interface ResyncResult {
  users: number;
  changes: ResyncChange[];
  lowered: number;
  suggested: number;
}

const PAGE = 500;

/**
 * Runs syncEmailRights for every verified, active account that holds automatic rights or whose
 * address is a company's or a press contact's. Each account in its own transaction (the sync
 * locks the user row), so a long run blocks nobody for long. A dry run syncs each account and
 * rolls it back, reporting exactly what a real run would change.
 */
export async function resyncAutoRights(opts: { dryRun?: boolean } = {}): Promise<ResyncResult> {
  const result: ResyncResult = { users: 0, changes: [], lowered: 0, suggested: 0 };
  for (let after = 0; ;) {
    const users = await db.$queryRaw<{ id: number; email: string }[]>`
      SELECT u.id, u.email FROM users u
      WHERE u.id > ${after} AND u.email_verified_at IS NOT NULL AND u.is_active AND u.deleted_at IS NULL
        AND (EXISTS (SELECT 1 FROM company_user cu WHERE cu.user_id = u.id AND cu.granted_via = 'auto')
          OR EXISTS (SELECT 1 FROM companies c WHERE lower(c.email) = lower(u.email) AND c.deleted_at IS NULL)
          OR EXISTS (SELECT 1 FROM contacts k JOIN companies c ON c.id = k.company_id WHERE lower(k.email) = lower(u.email) AND c.deleted_at IS NULL))
      ORDER BY u.id LIMIT ${PAGE}`;
    for (const u of users) {
      const r: EmailRightsSyncResult = opts.dryRun
        ? await rollbackAfter(
            true,
            (tx) => syncEmailRights(u.id, tx),
            () => true,
          )
        : await syncEmailRights(u.id);
      result.users++;
      if (r.lowered.length || r.suggested.length) {
        result.changes.push({ userId: u.id, email: u.email, lowered: r.lowered, suggested: r.suggested });
        result.lowered += r.lowered.length;
        result.suggested += r.suggested.length;
      }
    }
    if (users.length < PAGE) return result;
    after = users.at(-1)!.id;
  }
}
