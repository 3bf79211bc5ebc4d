import { can, type StaffUser } from "@/lib/domains/accounts/permissions";
import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { MOVES } from "@/lib/domains/releases/moves";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import { LIFT_WITHDRAWAL_PERMISSION, type ReleaseAdminAction } from "./release-actions";
import { findLegalWithdrawal } from "./release-legal-withdrawal";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

// The admin's release detail (spec 4.3): the facts, the current text as stored (sanitised on
// every entry point), the whole history, the images' count (evidence lives on the images page),
// the legal requests about it, and which decisions its state allows. The domain checks each
// decision again under the row lock; the buttons only spare the editor a refusal. Who filed a
// legal request is shown only to whoever handles legal requests (compliance:manage): the
// release screen is open to every editor, and a requester may be an informant.

const HISTORY_SHOWN = 200;

/** Which admin decisions a release in this state allows to this viewer. */
export function releaseActionsFor(
  r: { status: string; goneAt: Date | null },
  legal: { legallyWithdrawn: boolean; mayLiftWithdrawal: boolean },
): ReleaseAdminAction[] {
  // Full deletion (404) is open from any status, a tombstone included.
  if (r.goneAt) return ["unmark", "delete"];
  const moves = (["depublish", "republish", "archive", "unarchive"] as const)
    .filter((m) => (MOVES[m].from as readonly string[]).includes(r.status))
    // A legal withdrawal is lifted only with compliance:manage (lib/adapters/admin/release-actions.ts).
    .filter((m) => m !== "republish" || !legal.legallyWithdrawn || legal.mayLiftWithdrawal);
  return ["tombstone", ...moves, "delete"];
}

/** The detail as `viewer` (the signed-in editor) may see it. */
export async function loadAdminRelease(releaseId: number, viewer: StaffUser) {
  if (!isRecordId(releaseId)) throw notFound("Press release not found.");
  const release = await db.pressRelease.findFirst({
    where: { id: releaseId, deletedAt: null },
    select: {
      id: true,
      title: true,
      lead: true,
      body: true,
      status: true,
      portal: true,
      language: true,
      slug: true,
      location: true,
      keywords: true,
      boilerplate: true,
      contactName: true,
      contactEmail: true,
      contactPhone: true,
      source: true,
      hits: true,
      noExport: true,
      savedNoExport: true,
      automaticAttempts: true,
      createdAt: true,
      updatedAt: true,
      contentChangedAt: true,
      publishedAt: true,
      publishedEverAt: true,
      scheduledAt: true,
      goneAt: true,
      manualReviewRequiredAt: true,
      paidChangeUsedAt: true,
      canonicalPressReleaseId: true,
      company: { select: { id: true, name: true, slug: true, goneAt: true } },
      category: { select: { id: true, nameDe: true, nameEn: true } },
      author: { select: { id: true, name: true, email: true } },
    },
  });
  if (!release) throw notFound("Press release not found.");
  const handlesLegal = can(viewer, ADMIN_SCREENS.legal.permission);
  const mayLift = can(viewer, LIFT_WITHDRAWAL_PERMISSION);
  const [history, imageCount, removedImageCount, legalRequests, withdrawal] = await Promise.all([
    db.pressReleaseHistory.findMany({
      where: { pressReleaseId: release.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: HISTORY_SHOWN,
    }),
    db.pressReleaseImage.count({ where: { pressReleaseId: release.id } }),
    db.pressReleaseImage.count({ where: { pressReleaseId: release.id, deletedAt: { not: null } } }),
    db.legalRequest.findMany({
      where: { pressReleaseId: release.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: {
        id: true,
        track: true,
        source: true,
        status: true,
        requesterName: handlesLegal,
        createdAt: true,
        decidedAt: true,
        executedAt: true,
      },
    }),
    findLegalWithdrawal(db, release.id),
  ]);
  // Whose hands the history passed through: staff and members by name.
  const actorIds = [...new Set(history.map((h) => h.actorUserId).filter((id): id is number => id !== null))];
  const actors = actorIds.length ? await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true } }) : [];
  const actorName = new Map(actors.map((a) => [a.id, a.name]));
  return {
    release,
    /** Where readers find it, once it was ever public. */
    publicUrl: release.publishedEverAt ? releaseUrl(release, getSiteHosts()) : null,
    history: history.map((h) => ({ ...h, actorName: h.actorUserId !== null ? (actorName.get(h.actorUserId) ?? null) : null })),
    historyCut: history.length === HISTORY_SHOWN,
    imageCount,
    removedImageCount,
    /** requesterName only for a viewer with compliance:manage (not even read otherwise). */
    legalRequests: legalRequests.map(({ requesterName, ...r }) => ({ ...r, ...(handlesLegal ? { requesterName } : {}) })),
    /** A legal measure took it off the portals; only compliance:manage lifts it. */
    legalWithdrawal: withdrawal ? { ...withdrawal, mayLift } : null,
    actions: releaseActionsFor(release, { legallyWithdrawn: withdrawal !== null, mayLiftWithdrawal: mayLift }),
  };
}
export type AdminReleaseDetail = Awaited<ReturnType<typeof loadAdminRelease>>;
