import type { DbOrTx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { publicSubject } from "@/lib/domains/sites/public-paths";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { getSiteHosts, resolveSite, type Edition } from "@/lib/domains/sites";

const NOT_FOUND = "Zu dieser Angabe gibt es keine Pressemitteilung. Geben Sie die Nummer (ID) oder die Adresse der Seite an.";

/**
 * The release an editor names for a public report: its number ("1234" or "#1234"), its page on
 * a portal (https://business.example/de/pressemitteilung/slug) or its legacy view address
 * (…/view/1234, an English one's …/en/view/1234). Deleted releases name nothing; a tombstoned one is found (its text may still
 * need a measure once it is unmarked, and the measure refuses it meanwhile).
 *
 * With `publicAt` only a release the public can see at that time counts: the public form names
 * what a reader saw, and must not tie a stranger's request (and the mails about it) to a
 * release under embargo, a draft or one taken down.
 */
export async function resolveReleaseReference(client: DbOrTx, raw: string, opts: { publicAt?: Date } = {}): Promise<number> {
  const ref = raw.trim();
  const visible = opts.publicAt ? publiclyVisibleReleaseWhere(opts.publicAt) : {};
  const fail = () => new AppError("validation_failed", "Unknown release reference.", undefined, [{ path: "release", message: NOT_FOUND }]);
  const asId = parseRecordId(ref.replace(/^#/, ""));
  if (asId !== null) {
    const found = await client.pressRelease.findFirst({ where: { ...visible, id: asId, deletedAt: null }, select: { id: true } });
    if (!found) throw fail();
    return found.id;
  }
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    throw fail();
  }
  const site = resolveSite(url.host, getSiteHosts());
  if (site === "hub") throw fail();
  const legacy = /^(?:\/(de|en))?\/view\/(\d+)\/?$/.exec(url.pathname);
  const viewId = legacy ? parseRecordId(legacy[2]) : null;
  if (viewId !== null) {
    const edition = legacy?.[1] as Edition | undefined;
    const found = await client.pressRelease.findFirst({
      where: { ...visible, id: viewId, portal: site, deletedAt: null, ...(edition ? { language: edition } : {}) },
      select: { id: true },
    });
    if (!found) throw fail();
    return found.id;
  }
  const subject = publicSubject(url.pathname.replace(/\/$/, ""));
  if (subject?.kind !== "release") throw fail();
  const found = await client.pressRelease.findFirst({
    where: { ...visible, portal: site, language: subject.edition, slug: subject.slug, deletedAt: null },
    select: { id: true },
  });
  if (!found) throw fail();
  return found.id;
}
