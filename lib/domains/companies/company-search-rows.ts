import type { Tx } from "@/lib/core/db/client";
import type { IndexNowReason, Language, Portal } from "@/lib/generated/prisma/client";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { indexNowReasonOf, type PublicSide } from "@/lib/domains/releases/queue-indexnow-ping";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";

// A newsroom deleted or restored changes the public side of all its releases at once. The
// search mirror follows in one statement (not one sync per release: a newsroom with thousands of
// releases would hold its row lock for seconds), and search engines hear of every release that
// went out of reach or came back, in one insert. The texts do not change here, so only
// publications and removals are announced.

const SAME_TEXT = { title: "", lead: null, bodyText: "" } as const;

/**
 * Sets the mirror rows of newsroom `companyId` to the releases' state: status, newsroom name and
 * whether each is public (the one rule, publiclyVisibleReleaseWhere, apart from the embargo as
 * syncSearchMirror has it). Queues the IndexNow pings its change calls for, in the caller's
 * transaction. Returns how many rows changed their public side.
 */
export async function resyncCompanySearchRows(tx: Tx, companyId: number, now: Date): Promise<{ rows: number; announced: number }> {
  const visible = await tx.pressRelease.findMany({
    where: { companyId, ...publiclyVisibleReleaseWhere(now), publishedAt: { not: null } },
    select: { id: true },
  });
  const visibleIds = visible.map((r) => r.id);
  // `old` reads the rows as they were when the statement began: the public side before and after.
  const rows = await tx.$queryRaw<
    { id: number; portal: Portal; language: Language; slug: string; was_public: boolean; is_public: boolean; published_at: Date | null }[]
  >`
    UPDATE press_release_search s
    SET is_public = (s.press_release_id = ANY(${visibleIds}::int[])), status = r.status, company_name = c.name, synced_at = ${now}
    FROM press_releases r, companies c, (SELECT press_release_id, is_public FROM press_release_search WHERE company_id = ${companyId}) old
    WHERE s.company_id = ${companyId} AND r.id = s.press_release_id AND c.id = r.company_id AND old.press_release_id = s.press_release_id
    RETURNING s.press_release_id AS id, r.portal, r.language, r.slug, old.is_public AS was_public, s.is_public, s.published_at`;
  const side = (isPublic: boolean, publishedAt: Date | null): PublicSide => ({ isPublic, publishedAt, ...SAME_TEXT });
  const hosts = getSiteHosts();
  const pings: { pressReleaseId: number; url: string; reason: IndexNowReason; dueAt: Date }[] = [];
  for (const r of rows) {
    const reason = indexNowReasonOf(side(r.was_public, r.published_at), side(r.is_public, r.published_at), now);
    // A publication under embargo is announced at its time; the sender checks again then.
    if (reason)
      pings.push({
        pressReleaseId: r.id,
        url: releaseUrl({ id: r.id, portal: r.portal, language: r.language, slug: r.slug }, hosts),
        reason,
        dueAt: reason === "publish" && r.published_at && r.published_at > now ? r.published_at : now,
      });
  }
  if (pings.length) await tx.indexNowPing.createMany({ data: pings });
  return { rows: rows.filter((r) => r.was_public !== r.is_public).length, announced: pings.length };
}
