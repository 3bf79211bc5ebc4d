import type { SuppressionState } from "@/lib/generated/prisma/client";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { UNSUBSCRIBE_SCOPES, unsubscribeScopeOf, type MailType, type UnsubscribeScope } from "./mail-types";

export interface Suppression {
  state: SuppressionState;
  mailTypes: string[];
}

/**
 * The one rule of spec 6.3 for whether a suppression stops a mail: a hard bounce, a complaint or
 * a manual block stops everything; `unsubscribed` stops the scopes it lists (none listed: every
 * mail a recipient may opt out of) and never a transactional mail; `policy_review` is a note for
 * an operator and stops nothing.
 */
export function blocksMail(suppression: Suppression | null | undefined, mailType: MailType): boolean {
  if (!suppression) return false;
  switch (suppression.state) {
    case "hard_bounce":
    case "complaint":
    case "manual":
      return true;
    case "policy_review":
      return false;
    case "unsubscribed": {
      const scope = unsubscribeScopeOf(mailType);
      return scope !== null && (suppression.mailTypes.length === 0 || suppression.mailTypes.includes(scope));
    }
  }
}

export function normalizeAddress(email: string): string {
  return email.trim().toLowerCase();
}

export async function findSuppression(email: string, client: DbOrTx = db): Promise<Suppression | null> {
  return client.emailSuppression.findUnique({ where: { email: normalizeAddress(email) }, select: { state: true, mailTypes: true } });
}

/**
 * Records a suppression in one statement, so concurrent writers cannot undo each other: a
 * blocking state (hard bounce, complaint, manual) replaces anything but another blocking
 * state; `policy_review` is only a note and is written where there is no row yet, never over
 * an unsubscribe (that opt-out would be lost) or a block.
 */
export async function suppressAddress(
  opts: { email: string; state: "hard_bounce" | "complaint" | "manual" | "policy_review"; reason: string },
  client: DbOrTx = db,
): Promise<void> {
  const email = normalizeAddress(opts.email);
  const reason = opts.reason.slice(0, 1000);
  if (opts.state === "policy_review") {
    await client.$executeRaw`
      INSERT INTO email_suppressions (email, state, reason, created_at, updated_at)
      VALUES (${email}, 'policy_review', ${reason}, now(), now())
      ON CONFLICT (email) DO NOTHING`;
    return;
  }
  await client.$executeRaw`
    INSERT INTO email_suppressions (email, state, reason, created_at, updated_at)
    VALUES (${email}, ${opts.state}::"SuppressionState", ${reason}, now(), now())
    ON CONFLICT (email) DO UPDATE SET state = EXCLUDED.state, reason = EXCLUDED.reason, mail_types = '{}', updated_at = now()
    WHERE email_suppressions.state IN ('unsubscribed', 'policy_review')`;
}

/** Adds one opt-out scope for an address (idempotent); a blocking state stays as it is. */
export async function unsubscribeAddress(opts: { email: string; scope: UnsubscribeScope }, client: DbOrTx = db): Promise<void> {
  const email = normalizeAddress(opts.email);
  // Concurrent one-click requests for the same address: insert-or-ignore, then append under the row.
  await client.$executeRaw`
    INSERT INTO email_suppressions (email, state, mail_types, reason, created_at, updated_at)
    VALUES (${email}, 'unsubscribed', ARRAY[${opts.scope}]::text[], 'unsubscribe link', now(), now())
    ON CONFLICT (email) DO UPDATE SET
      mail_types = CASE
        WHEN email_suppressions.state = 'policy_review' THEN ARRAY[${opts.scope}]::text[]
        WHEN ${opts.scope} = ANY(email_suppressions.mail_types) THEN email_suppressions.mail_types
        ELSE array_append(email_suppressions.mail_types, ${opts.scope}) END,
      state = CASE WHEN email_suppressions.state = 'policy_review' THEN 'unsubscribed'::"SuppressionState" ELSE email_suppressions.state END,
      updated_at = now()
    WHERE email_suppressions.state IN ('unsubscribed', 'policy_review')`;
}

/**
 * Fresh consent for one scope (a confirmed double opt-in): an earlier unsubscribe from it stops
 * blocking. Only the `unsubscribed` state is touched, and only this scope; an empty list there
 * means "every optional mail", so it becomes every scope but this one. Hard bounces,
 * complaints and manual blocks stay as they are.
 */
export async function liftOptOut(opts: { email: string; scope: UnsubscribeScope }, client: DbOrTx = db): Promise<void> {
  const email = normalizeAddress(opts.email);
  const everyScope = [...UNSUBSCRIBE_SCOPES];
  await client.$executeRaw`
    UPDATE email_suppressions
    SET mail_types = array_remove(CASE WHEN cardinality(mail_types) = 0 THEN ${everyScope}::text[] ELSE mail_types END, ${opts.scope}), updated_at = now()
    WHERE email = ${email} AND state = 'unsubscribed' AND (cardinality(mail_types) = 0 OR ${opts.scope} = ANY(mail_types))`;
  // Nothing left to opt out of: an empty list would mean "everything" again.
  await client.$executeRaw`DELETE FROM email_suppressions WHERE email = ${email} AND state = 'unsubscribed' AND cardinality(mail_types) = 0`;
}
