import { companyAbilities, mayActOnRelease } from "@/lib/domains/accounts/abilities";
import { db } from "@/lib/core/db/client";
import type { LegalRequestTrack } from "@/lib/generated/prisma/client";
import { FILEABLE_STATUSES, TRACK_ACTION, type CustomerTrack } from "@/lib/domains/legal/requests/file-customer-legal-request";
import { CUSTOMER_TRACKS, OPEN_STATUSES } from "@/lib/domains/legal-terms/request-status";

// What the customer area shows of legal requests (spec 4.4): the requests filed through the
// modal for releases of the person's newsrooms, and which tracks the modal offers on one release.
// Reports from the public form never show here: they carry a stranger's name and address.

const OPEN: readonly string[] = OPEN_STATUSES;

/** The newsroom's own requests, newest first; for one release or for every release the person's newsrooms hold. */
export async function customerLegalRequests(userId: number, opts: { releaseId?: number; take?: number } = {}) {
  const rows = await db.legalRequest.findMany({
    where: {
      source: "customer",
      ...(opts.releaseId ? { pressReleaseId: opts.releaseId } : {}),
      // Through the release, so a request follows its release into a merged newsroom.
      pressRelease: { deletedAt: null, company: { deletedAt: null, members: { some: { userId } } } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: opts.take ?? 100,
    select: {
      id: true,
      reference: true,
      track: true,
      status: true,
      createdAt: true,
      decidedAt: true,
      executedAt: true,
      decisionNote: true,
      requesterName: true,
      pressRelease: { select: { id: true, title: true } },
    },
  });
  return rows.map((r) => ({ ...r, isOpen: OPEN.includes(r.status) }));
}
export type CustomerLegalRequest = Awaited<ReturnType<typeof customerLegalRequests>>[number];

export interface TrackChoice {
  track: CustomerTrack;
  /** The person's role allows this track on this release. */
  allowed: boolean;
  /** An open request of this track blocks a second one; named by its public reference. */
  openRequestReference: string | null;
}

/**
 * The tracks the request modal offers on one release, or null when it offers none (not
 * published or archived, tombstoned, or no right in the newsroom). The domain checks again.
 */
export async function legalRequestChoices(
  userId: number,
  release: { id: number; companyId: number; authorUserId: number | null; status: string; goneAt: Date | null },
): Promise<TrackChoice[] | null> {
  if (release.goneAt || !(FILEABLE_STATUSES as readonly string[]).includes(release.status)) return null;
  const abilities = await companyAbilities(userId, release.companyId);
  const open = await db.legalRequest.findMany({
    where: { pressReleaseId: release.id, status: { in: [...OPEN_STATUSES] } },
    select: { reference: true, track: true },
  });
  const openOf = (track: LegalRequestTrack) => open.find((o) => o.track === track)?.reference ?? null;
  const choices = CUSTOMER_TRACKS.map((track) => ({
    track,
    allowed: mayActOnRelease(abilities, release, userId, TRACK_ACTION[track]),
    openRequestReference: openOf(track),
  }));
  return choices.some((c) => c.allowed) ? choices : null;
}

/** Releases the person could file about, newest first: the landing page of the legal page's login link lists them. */
export async function fileableReleases(userId: number, take = 20) {
  return db.pressRelease.findMany({
    where: {
      deletedAt: null,
      goneAt: null,
      status: { in: [...FILEABLE_STATUSES] },
      company: { deletedAt: null, goneAt: null, members: { some: { userId } } },
    },
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, title: true, status: true, publishedAt: true, company: { select: { name: true } } },
  });
}

/**
 * What the release page's "Rechtliche Anliegen" section needs: the modal's choices (null: no
 * modal), the release as the portal prints it for the redaction preview, and this release's
 * requests. The release is one of the person's newsrooms' (the page checked that already).
 */
export async function releaseLegalPanel(userId: number, releaseId: number) {
  const release = await db.pressRelease.findUniqueOrThrow({
    where: { id: releaseId },
    select: {
      id: true,
      companyId: true,
      authorUserId: true,
      status: true,
      goneAt: true,
      title: true,
      lead: true,
      location: true,
      body: true,
      language: true,
      contactName: true,
      contactEmail: true,
      contactPhone: true,
      publishedAt: true,
      company: { select: { name: true } },
      category: { select: { nameDe: true, nameEn: true } },
    },
  });
  const [choices, requests] = await Promise.all([legalRequestChoices(userId, release), customerLegalRequests(userId, { releaseId })]);
  return {
    choices,
    requests,
    preview: {
      title: release.title,
      lead: release.lead,
      location: release.location,
      body: release.body,
      contactName: release.contactName,
      contactEmail: release.contactEmail,
      contactPhone: release.contactPhone,
      language: release.language,
      publishedAt: release.publishedAt ?? new Date(),
      newsroomName: release.company.name,
      categoryName: release.category ? (release.language === "de" ? release.category.nameDe : release.category.nameEn) : null,
    },
  };
}
