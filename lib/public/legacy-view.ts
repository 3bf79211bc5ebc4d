import { db } from "@/lib/db/client";
import { publiclyVisibleReleaseWhere } from "@/lib/releases/visibility";
import { getSiteHosts, releaseUrl, type Portal } from "@/lib/sites";

/** The legacy `view_url` (`/view/{id}`): 301 to the release page, 410 when tombstoned, else 404. */
export async function legacyView(portal: Portal, id: number, now = new Date()): Promise<Response> {
  const r = await db.pressRelease.findFirst({ where: { id, portal, deletedAt: null }, select: { id: true, portal: true, language: true, slug: true, goneAt: true, company: { select: { goneAt: true } } } });
  if (r && (r.goneAt || r.company.goneAt)) return new Response("Gone.\n", { status: 410, headers: { "content-type": "text/plain; charset=utf-8" } });
  const visible = r && (await db.pressRelease.count({ where: { id: r.id, ...publiclyVisibleReleaseWhere(now) } }));
  if (!r || !visible) return new Response("Not found.\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(null, { status: 301, headers: { location: releaseUrl(r, getSiteHosts()), "cache-control": "public, max-age=3600" } });
}
