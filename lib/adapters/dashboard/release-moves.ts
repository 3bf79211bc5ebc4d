import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { deleteRelease } from "@/lib/domains/releases/delete-release";
import { archiveRelease, withdrawRelease } from "@/lib/domains/releases/moves";

export type CustomerMove = "withdraw" | "archive" | "delete";

/**
 * The customer's own moves on a release of one of their newsrooms. The domain functions hold
 * the rules (status, role matrix, "never published" for deletion) for every path alike.
 */
export async function moveOwnRelease(opts: { userId: number; releaseId: number; move: CustomerMove }): Promise<void> {
  const release = await ownReleaseOrThrow(opts.userId, opts.releaseId);
  const actor = { type: "user" as const, userId: opts.userId };
  if (opts.move === "withdraw") await withdrawRelease({ releaseId: release.id, actor });
  else if (opts.move === "archive") await archiveRelease({ releaseId: release.id, actor });
  else await deleteRelease({ releaseId: release.id, actor });
}
