import { AppError } from "@/lib/http/errors";
import { deleteRelease } from "@/lib/releases/delete-release";
import { archiveRelease, withdrawRelease } from "@/lib/releases/moves";
import { ownReleaseOrThrow } from "@/lib/companies/newsrooms";

export type CustomerMove = "withdraw" | "archive" | "delete";

/**
 * A customer deletes only what never reached the public: a release that was published leaves
 * through archiving or the legal request flow, which keep the evidence trail.
 */
export function canCustomerDelete(r: { status: string; publishedEverAt: Date | null }): boolean {
  return !r.publishedEverAt && (r.status === "draft" || r.status === "rejected");
}

/** The customer's own moves on a release of one of their newsrooms. */
export async function moveOwnRelease(opts: { userId: number; releaseId: number; move: CustomerMove }): Promise<void> {
  const release = await ownReleaseOrThrow(opts.userId, opts.releaseId);
  const actor = { type: "user" as const, userId: opts.userId };
  if (opts.move === "withdraw") await withdrawRelease({ releaseId: release.id, actor });
  else if (opts.move === "archive") await archiveRelease({ releaseId: release.id, actor });
  else {
    if (!canCustomerDelete(release)) throw new AppError("conflict", "Only drafts and rejected releases that were never published can be deleted.");
    await deleteRelease({ releaseId: release.id, actor });
  }
}
