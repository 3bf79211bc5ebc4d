import { db } from "@/lib/core/db/client";
import { verifyArchiveEntry } from "@/lib/domains/evidence/record-archive-entry";
import { isRecordId } from "@/lib/core/input/ids";
import { passagesOf, redactedText } from "@/lib/domains/legal/corrections/apply-redaction";
import { sanitizeReleaseHtml } from "@/lib/domains/releases/sanitize";
import { isPubliclyVisibleRelease } from "@/lib/domains/releases/visibility";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { measuresFor } from "@/lib/domains/legal-terms/request-status";

/**
 * Everything the detail page /admin/legal/[id] shows: the request, the release as it stands,
 * for a redaction the stored preview beside what the passages do to the text now, and the
 * complete evidence trail (events with their actors, the archive entries with their signature
 * checked, the public corrections). Null for an id that names no request.
 */
export async function loadLegalRequest(id: number, now = new Date()) {
  if (!isRecordId(id)) return null;
  const request = await db.legalRequest.findUnique({
    where: { id },
    include: {
      company: { select: { id: true, name: true } },
      pressRelease: {
        select: {
          id: true,
          title: true,
          lead: true,
          body: true,
          status: true,
          portal: true,
          language: true,
          slug: true,
          goneAt: true,
          deletedAt: true,
          publishedEverAt: true,
          contentHash: true,
          contentChangedAt: true,
          authorUserId: true,
          company: { select: { name: true } },
        },
      },
      events: { orderBy: { id: "asc" } },
      archiveEntries: { orderBy: { id: "asc" } },
      corrections: { orderBy: { id: "asc" } },
    },
  });
  if (!request) return null;
  const release = request.pressRelease;
  const actorIds = [
    ...new Set(
      [request.requesterUserId, request.decidedByUserId, ...request.events.map((e) => e.actorUserId)].filter(
        (v): v is number => v !== null,
      ),
    ),
  ];
  const users = new Map(
    (actorIds.length ? await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true, email: true } }) : []).map(
      (u) => [u.id, u],
    ),
  );
  const isPublic = release ? await isPubliclyVisibleRelease(db, release.id, now) : false;

  const passages = passagesOf(request.redactedPassages);
  // A redaction as it would come out now: the text may have changed since the customer's preview.
  const preview = request.redactionPreview ? sanitizeReleaseHtml(request.redactionPreview) : null;
  const current =
    release && passages.length ? redactedText({ title: release.title, lead: release.lead, body: release.body }, passages) : null;
  const redaction = passages.length
    ? { passages, preview, current, previewMatches: preview !== null && current !== null ? preview === current.body : null }
    : null;

  return {
    request,
    requester: request.requesterUserId ? (users.get(request.requesterUserId) ?? null) : null,
    decidedBy: request.decidedByUserId ? (users.get(request.decidedByUserId) ?? null) : null,
    release: release ? { ...release, publicUrl: isPublic ? releaseUrl(release, getSiteHosts()) : null } : null,
    measures: measuresFor(request.track),
    redaction,
    events: request.events.map((e) => ({ ...e, actor: e.actorUserId ? (users.get(e.actorUserId) ?? null) : null })),
    archiveEntries: request.archiveEntries.map((e) => ({ ...e, signatureValid: verifyArchiveEntry(e) })),
    corrections: request.corrections,
  };
}

export type LegalRequestDetail = NonNullable<Awaited<ReturnType<typeof loadLegalRequest>>>;
