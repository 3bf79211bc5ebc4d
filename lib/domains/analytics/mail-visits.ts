import { isbot } from "isbot";
import { recordConversionEvent } from "@/lib/domains/activity/conversion-events";
import { bestEffort } from "@/lib/domains/activity/best-effort";
import { db } from "@/lib/core/db/client";
import { parseRecordId } from "@/lib/core/input/ids";
import { isMailType } from "@/lib/domains/mail/mail-types";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";

export interface MailVisit {
  src: string;
  pr: number | null;
}

/** The mail link in a URL (`?src=<mail type>&pr=<release id>`), or null when there is none or it is not ours. */
export function mailVisitOf(url: URL): MailVisit | null {
  const src = url.searchParams.get("src");
  if (!src || !isMailType(src)) return null;
  const pr = url.searchParams.get("pr");
  return { src, pr: pr === null ? null : parseRecordId(pr) };
}

/**
 * A visit through a mail link (spec 6.1): conversion stage 1, and a `mail_click` on the release
 * it names. Throttled per client, link and day; crawlers and link scanners that say so do not
 * count. Runs after the response (the middleware hands it to waitUntil) and never throws.
 */
export async function recordMailVisit(visit: MailVisit, opts: { clientKey: string; userAgent: string | null }): Promise<boolean> {
  if (opts.userAgent && isbot(opts.userAgent)) return false;
  try {
    if (!(await getLimiter("mailVisitClient").limit(opts.clientKey)).success) return false;
    if (!(await getLimiter("mailVisit").limit(`${opts.clientKey}:${visit.src}:${visit.pr ?? "-"}`)).success) return false;
  } catch {
    return false;
  }
  // Only a release a reader can see: a crafted `pr` must not book clicks on drafts or removed ones.
  const release = visit.pr
    ? await db.pressRelease
        .findFirst({ where: { ...publiclyVisibleReleaseWhere(), id: visit.pr }, select: { id: true, companyId: true } })
        .catch(() => null)
    : null;
  await recordConversionEvent({ stage: 1, source: visit.src, pressReleaseId: release?.id ?? null, companyId: release?.companyId ?? null });
  if (release)
    await bestEffort("mail click write", () => db.pressReleaseEvent.create({ data: { pressReleaseId: release.id, type: "mail_click" } }));
  return true;
}
