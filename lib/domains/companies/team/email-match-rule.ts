import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Whether an address match of account `userId` with address `email` is still open on the company
 * row `c` (docs/newsrooms.md, "Address matches"): the newsroom's team may still change (not
 * deleted, removed or merged away); the address is its own or a press contact's; the account is
 * confirmed, active and still has that address; and nobody decided since: no block (removed,
 * left or declined), not in the team, no open invitation to the address. The e-mail rights
 * sync records and drops matches by it; the owners' list and their invite and decline read by it.
 * `userId` and `email` are SQL (a parameter, or a column of the query); `email` lower-cased.
 */
export function emailMatchOpenSql(userId: Prisma.Sql, email: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(c.deleted_at IS NULL AND c.gone_at IS NULL AND c.merged_into_company_id IS NULL
      AND (lower(c.email) = ${email} OR EXISTS (SELECT 1 FROM contacts k WHERE k.company_id = c.id AND lower(k.email) = ${email}))
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.email_verified_at IS NOT NULL AND u.is_active AND u.deleted_at IS NULL AND lower(u.email) = ${email})
      AND NOT EXISTS (SELECT 1 FROM company_auto_grant_blocks b WHERE b.company_id = c.id AND b.email = ${email})
      AND NOT EXISTS (SELECT 1 FROM company_user cu WHERE cu.company_id = c.id AND cu.user_id = ${userId})
      AND NOT EXISTS (SELECT 1 FROM company_invitations i WHERE i.company_id = c.id AND i.email = ${email} AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()))`;
}
