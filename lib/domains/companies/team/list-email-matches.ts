import { db, type DbOrTx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { emailMatchOpenSql } from "./email-match-rule";

/**
 * What an owner sees of an address match: the address they (or a colleague) typed as the
 * newsroom's or a press contact's, never the account's name: a match says that some account
 * has this address, not who holds it, and the owner only decides whether to invite the address.
 */
export interface OpenEmailMatch {
  id: number;
  email: string;
  /** `company`: the newsroom's own address; `contact`: a press contact's. */
  matchedOn: "company" | "contact";
  foundAt: Date;
}

/** One match with the account it found, for the decisions on it (never shown). */
export interface OpenEmailMatchRow extends OpenEmailMatch {
  userId: number;
}

/**
 * The address matches of a newsroom that still wait for an owner (email-match-rule.ts). A match
 * that no longer holds is left out here before the person's next login clears it.
 */
export async function openEmailMatches(companyId: number, opts: { matchId?: number; client?: DbOrTx } = {}): Promise<OpenEmailMatchRow[]> {
  const client = opts.client ?? db;
  const rows = await client.$queryRaw<{ id: number; user_id: number; email: string; matched_on: string; created_at: Date }[]>`
    SELECT m.id, m.user_id, m.email, m.matched_on, m.created_at
    FROM company_email_matches m
    JOIN companies c ON c.id = m.company_id
    WHERE m.company_id = ${companyId} AND (${opts.matchId ?? null}::int IS NULL OR m.id = ${opts.matchId ?? null}::int)
      AND ${emailMatchOpenSql(Prisma.sql`m.user_id`, Prisma.sql`m.email`)}
    ORDER BY m.created_at, m.id`;
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    email: r.email,
    matchedOn: r.matched_on === "company" ? "company" : "contact",
    foundAt: r.created_at,
  }));
}
