import { assertCompanyAbility, assertReleaseAction } from "@/lib/domains/accounts/abilities";
import { assertCan } from "@/lib/domains/accounts/permissions";
import type { DbOrTx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import type { Actor } from "@/lib/domains/releases/history";
import { EDITABLE_STATUSES } from "@/lib/domains/releases/save-release";

/** Who acts on a release's images: a newsroom member, or staff through the admin area. */
export interface ImageActor {
  userId: number;
  /** Staff acting in the admin area; authorised here by press-releases:publish, from the stored user. */
  asAdmin?: boolean;
}

/** The actor of the release history rows an image change writes. */
export function releaseActorOf(actor: ImageActor): Actor {
  return { type: actor.asAdmin ? "admin" : "user", userId: actor.userId };
}

type ReleaseFacts = { id: number; companyId: number; authorUserId: number | null; status: string; goneAt: Date | null };

/**
 * May this actor change the release's images? Customers need the edit right on a release that
 * can still be edited (a published text changes only by a paid change); staff may add or remove
 * images at any status, and their uploads wait for the owner's confirmation.
 */
export async function assertMayChangeImages(client: DbOrTx, actor: ImageActor, release: ReleaseFacts): Promise<void> {
  if (actor.asAdmin) return assertCan(actor.userId, "press-releases:publish", client);
  await assertReleaseAction(actor.userId, release, "edit", client);
  if (!(EDITABLE_STATUSES as readonly string[]).includes(release.status) || release.goneAt) {
    throw new AppError("conflict", "Images can be changed only while the release can be edited.");
  }
}

/** May this actor see the release's images in the dashboard or admin area? */
export async function assertMayViewImages(client: DbOrTx, actor: ImageActor, release: { companyId: number }): Promise<void> {
  if (actor.asAdmin) return assertCan(actor.userId, "press-releases:publish", client);
  await assertCompanyAbility(actor.userId, release.companyId, "view", client);
}
