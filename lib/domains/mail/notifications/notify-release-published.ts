import { db, type DbOrTx } from "@/lib/core/db/client";
import type { ReleaseSource } from "@/lib/generated/prisma/client";
import { sendMail } from "../send-mail";
import { publishedMail } from "../templates/published";
import { releaseForAuthorMail } from "./release-author";

/** Releases that arrived by API get the paragraph on first source versus copy (spec 8). */
const API_SOURCES: ReadonlySet<ReleaseSource> = new Set(["api", "legacy_api"]);

/**
 * The publication mail (spec 6.3) to the release's author, queued in the publishing
 * transaction: it goes out only if the publication commits, and once per publication. Call it
 * after the canonical assignment, so a copy names its first source.
 */
export async function notifyReleasePublished(opts: { releaseId: number }, client: DbOrTx = db): Promise<{ mailId: number } | null> {
  const found = await releaseForAuthorMail(client, opts.releaseId);
  if (!found) return null;
  const { release, to, language } = found;
  const mail = await publishedMail({
    to,
    language,
    releaseId: release.id,
    title: release.title,
    publicUrl: release.publicUrl,
    arrivedByApi: API_SOURCES.has(release.source),
    firstSource: release.canonical ? { releaseId: release.canonical.id, url: release.canonical.url } : null,
  });
  const { id } = await sendMail({ to, ...mail, mailType: "published" }, client);
  return { mailId: id };
}
