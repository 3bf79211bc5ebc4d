import { db } from "@/lib/core/db/client";
import { isPubliclyVisibleRelease } from "@/lib/domains/releases/visibility";
import { getSiteHosts, releaseUrl, type Edition, type Portal } from "@/lib/domains/sites";

/**
 * The legacy `view_url` (`/view/{id}`, an English release's `/en/view/{id}`): 301 to the release
 * page, 410 when tombstoned, else 404 (a release of a deleted newsroom too, tombstoned before or
 * not). Under an edition prefix only a release of that edition is found, as its pages are; the
 * bare form finds either, as it always did.
 */
export async function legacyView(portal: Portal, id: number, opts: { edition?: Edition; now?: Date } = {}): Promise<Response> {
  const now = opts.now ?? new Date();
  const r = await db.pressRelease.findFirst({
    where: { id, portal, deletedAt: null, company: { deletedAt: null }, ...(opts.edition ? { language: opts.edition } : {}) },
    select: { id: true, portal: true, language: true, slug: true, goneAt: true, company: { select: { goneAt: true } } },
  });
  if (r && (r.goneAt || r.company.goneAt))
    return new Response("Gone.\n", { status: 410, headers: { "content-type": "text/plain; charset=utf-8" } });
  const visible = r && (await isPubliclyVisibleRelease(db, r.id, now));
  if (!r || !visible) return new Response("Not found.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(null, { status: 301, headers: { location: releaseUrl(r, getSiteHosts()), "cache-control": "public, max-age=3600" } });
}
