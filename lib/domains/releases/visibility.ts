import { PUBLIC_NEWSROOM_WHERE } from "@/lib/domains/sites/portals";
import type { DbOrTx } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The one rule for "publicly visible": published, its time has come (embargo), not tombstoned,
 * not deleted, and its newsroom active and not removed. Pages, lists, feeds, sitemaps and the
 * API all filter through this.
 */
export function publiclyVisibleReleaseWhere(now: Date = new Date()): Prisma.PressReleaseWhereInput {
  return {
    status: "published",
    publishedAt: { lte: now },
    goneAt: null,
    deletedAt: null,
    company: PUBLIC_NEWSROOM_WHERE,
  };
}

/**
 * "Visible in the archive" (spec 4.1): publicly visible and not withheld from exports. Feeds,
 * category archives and sitemaps list only these; a tombstone sets no_export, so a gone
 * release leaves every export surface too.
 */
export function archiveVisibleReleaseWhere(now: Date = new Date()): Prisma.PressReleaseWhereInput {
  return { ...publiclyVisibleReleaseWhere(now), noExport: false };
}

/** Whether readers can see this one release now: the rule above, asked of the database. */
export async function isPubliclyVisibleRelease(client: DbOrTx, releaseId: number, now: Date = new Date()): Promise<boolean> {
  return (await client.pressRelease.count({ where: { id: releaseId, ...publiclyVisibleReleaseWhere(now) } })) > 0;
}
