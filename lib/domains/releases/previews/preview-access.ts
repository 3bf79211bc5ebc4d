import { db, type DbOrTx } from "@/lib/core/db/client";
import { forbidden, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { companyAbilities } from "@/lib/domains/accounts/abilities";
import type { PreviewReleaseFacts } from "./preview-state";

// Who manages a release's preview links: whoever holds manageReleases in its newsroom (owners
// and responsibles, lib/domains/accounts/abilities/matrix.ts). The recipients' names and
// addresses are in the list, so members who may only write their own texts do not see it.
// Someone outside the newsroom learns nothing: the release is "not found", as everywhere.

export const RELEASE_NOT_FOUND = "Press release not found.";

export const previewReleaseSelect = {
  id: true,
  companyId: true,
  status: true,
  scheduledAt: true,
  publishedAt: true,
  reviewFlaggedAt: true,
  deletedAt: true,
  goneAt: true,
  company: { select: { deletedAt: true, goneAt: true } },
} as const;

export type PreviewRelease = PreviewReleaseFacts & { id: number; companyId: number };

/** The release, after checking that `userId` manages its preview links; throws not_found or forbidden. */
export async function releaseForPreviews(userId: number, releaseId: number, client: DbOrTx = db): Promise<PreviewRelease> {
  if (!isRecordId(releaseId)) throw notFound(RELEASE_NOT_FOUND);
  const release = await client.pressRelease.findFirst({ where: { id: releaseId, deletedAt: null }, select: previewReleaseSelect });
  if (!release) throw notFound(RELEASE_NOT_FOUND);
  const abilities = await companyAbilities(userId, release.companyId, client);
  if (!abilities.has("view")) throw notFound(RELEASE_NOT_FOUND);
  if (!abilities.has("manageReleases")) throw forbidden("Preview links are managed by the newsroom's owners and responsibles.");
  return release;
}
