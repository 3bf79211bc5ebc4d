import { portalsOfCompany } from "@/lib/domains/sites/portals";
import type { DbOrTx } from "@/lib/core/db/client";
import type { Edition, Portal } from "@/lib/domains/sites";

/**
 * Tags of cached public answers. Every entry carries PUBLIC_TAG (a generation bump drops them
 * all) and its portal's tag or its release's tag; keys also hold portal and edition, so no entry
 * is ever shared between portals or editions.
 */
export const PUBLIC_TAG = "public";

/** Lists of one portal: home, category pages and archives, newsroom pages, feeds, sitemaps, llms.txt. */
export const portalTag = (portal: Portal | "hub") => `portal:${portal}`;

/** One release page; its address is what the page is looked up by. */
export const releaseTag = (portal: Portal, edition: Edition, slug: string) => `release:${portal}:${edition}:${slug}`;

/**
 * Records an invalidation in the caller's transaction. Instances apply it once they see the
 * committed row, so a rolled-back change never drops anything and a change made by a console
 * command or a job on another machine still reaches every instance. `additive`: the change only
 * adds to what readers see (a publication), so a page from before it is still true, if
 * incomplete, and may be served while its new render fails (the database is away); anything
 * that removes or rewrites (a withdrawal, a tombstone, a correction) is not additive.
 */
export async function invalidatePublicTags(tx: DbOrTx, tags: string[], opts: { additive?: boolean } = {}): Promise<void> {
  await tx.publicCacheInvalidation.create({ data: { tags, additive: opts.additive ?? false } });
}

/** What a change to one release's public side invalidates: its page and its portal's lists. */
export function releaseTags(release: { portal: Portal; language: Edition; slug: string }): string[] {
  return [releaseTag(release.portal, release.language, release.slug), portalTag(release.portal)];
}

/** Everything that shows one newsroom's profile (name, logo, description, contact): its page and every page of its releases. */
export const newsroomTag = (companyId: number) => `newsroom:${companyId}`;

/** What a change to a newsroom's public profile invalidates: the lists of its portals and every page carrying its tag. */
export function newsroomProfileTags(company: { id: number; portal: Portal | "both" }): string[] {
  return [newsroomTag(company.id), ...portalsOfCompany(company.portal).map(portalTag)];
}
