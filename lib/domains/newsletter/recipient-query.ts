import { db, type DbOrTx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RecipientFilter } from "./schemas";

/**
 * The subscribers a filter selects, as a condition on `newsletter_subscribers s`: the one
 * definition the live count, the preview and the freeze at start share, so the number an admin
 * sees is the number that gets frozen. Only confirmed (double opt-in) and not unsubscribed.
 */
export function recipientCondition(filter: RecipientFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`s.confirmed_at IS NOT NULL`, Prisma.sql`s.unsubscribed_at IS NULL`];
  if (filter.language !== "all") parts.push(Prisma.sql`s.language = ${filter.language}::"Language"`);
  // A subscriber without portals chose "both", so every portal filter includes them.
  if (filter.portals.length)
    parts.push(Prisma.sql`(cardinality(s.portals) = 0 OR s.portals && ARRAY[${Prisma.join(filter.portals)}]::"Portal"[])`);
  if (filter.audience === "customers") parts.push(Prisma.sql`s.user_id IS NOT NULL`);
  if (filter.audience === "readers") parts.push(Prisma.sql`s.user_id IS NULL`);
  return Prisma.join(parts, " AND ");
}

export async function countRecipients(filter: RecipientFilter, client: DbOrTx = db): Promise<number> {
  const [row] = await client.$queryRaw<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM newsletter_subscribers s WHERE ${recipientCondition(filter)}`;
  return row?.n ?? 0;
}
