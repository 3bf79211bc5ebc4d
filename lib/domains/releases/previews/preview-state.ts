import type { ReleaseStatus } from "@/lib/generated/prisma/client";
import { isLiveNewsroom } from "../live-newsroom";

// What a preview link does at this moment, decided afresh at every open from the link and its
// release: no background job ends a link, so a withdrawal, a rejection or a revocation stops it
// at once; a withdrawal, rejection or removal also ends it for good (ended_at, written by
// ./end-preview-links.ts in the move's transaction). Pure: the open, the image route and the dashboard's list all decide through it.

/** The releases a link may be made for: still on their way to publication. */
export const PREVIEWABLE_STATUSES: readonly ReleaseStatus[] = ["in_review", "scheduled"];

export type PreviewGoneReason = "revoked" | "expired" | "ended";

export type PreviewDecision =
  /** The release as it will appear; `embargoAt` is the publication time, null while none is set. */
  | { kind: "show"; embargoAt: Date | null }
  /** Published and publicly visible: the link leads to the public page. */
  | { kind: "redirect" }
  | { kind: "gone"; reason: PreviewGoneReason };

export interface PreviewLinkFacts {
  revokedAt: Date | null;
  expiresAt: Date | null;
  /** The release left the way to publication once (withdrawn, rejected, removed): ended for good. */
  endedAt?: Date | null;
}

export interface PreviewReleaseFacts {
  status: ReleaseStatus;
  scheduledAt: Date | null;
  publishedAt: Date | null;
  /** Red on its last allowed check: waits for a person. */
  reviewFlaggedAt: Date | null;
  deletedAt: Date | null;
  goneAt: Date | null;
  company: { deletedAt: Date | null; goneAt: Date | null };
}

/**
 * `isPubliclyVisible` comes from the one visibility rule (lib/domains/releases/visibility.ts),
 * asked of the database by the caller. A revoked or expired link stays gone even after the
 * publication: its sender ended it.
 */
export function decidePreview(
  link: PreviewLinkFacts,
  release: PreviewReleaseFacts,
  isPubliclyVisible: boolean,
  now: Date,
): PreviewDecision {
  if (link.revokedAt) return { kind: "gone", reason: "revoked" };
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return { kind: "gone", reason: "expired" };
  if (isPubliclyVisible) return { kind: "redirect" };
  // A resubmission does not bring it back: the sender makes a new link for the new version.
  if (link.endedAt) return { kind: "gone", reason: "ended" };
  if (release.deletedAt || release.goneAt || !isLiveNewsroom(release.company)) return { kind: "gone", reason: "ended" };
  // Judged red on its last allowed check: nobody reads it before a person has decided.
  if (release.status === "in_review" && release.reviewFlaggedAt) return { kind: "gone", reason: "ended" };
  if (release.status === "in_review") return { kind: "show", embargoAt: null };
  if (release.status === "scheduled") return { kind: "show", embargoAt: release.scheduledAt };
  // Published with a time still ahead: the embargo holds on every public surface, and here too.
  if (release.status === "published" && release.publishedAt && release.publishedAt.getTime() > now.getTime())
    return { kind: "show", embargoAt: release.publishedAt };
  // Withdrawn to a draft, rejected, archived, depublished, or published where readers cannot see it.
  return { kind: "gone", reason: "ended" };
}

/** A link's state as the dashboard lists it: aktiv, widerrufen, abgelaufen or beendet. */
export type PreviewLinkState = "active" | "revoked" | "expired" | "ended";

export function previewLinkState(decision: PreviewDecision): PreviewLinkState {
  if (decision.kind === "show") return "active";
  if (decision.kind === "redirect") return "ended";
  return decision.reason;
}
