import type { Tx } from "@/lib/core/db/client";
import type { LifecycleEvent } from "../lifecycle/types";

/**
 * A release that leaves the way to publication ends its preview links for good, in the move's
 * transaction: submitted again, it is a new version the sender may not want shown to the same
 * people. A deleted release takes its links with it: the recipients' names and addresses were
 * kept only for them.
 */
export async function endPreviewLinks(tx: Tx, event: Pick<LifecycleEvent, "type" | "releaseId" | "occurredAt">): Promise<void> {
  if (event.type === "deleted") {
    await tx.previewLink.deleteMany({ where: { pressReleaseId: event.releaseId } });
    return;
  }
  await tx.previewLink.updateMany({ where: { pressReleaseId: event.releaseId, endedAt: null }, data: { endedAt: event.occurredAt } });
}
