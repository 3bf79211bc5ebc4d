import { companyAbilities } from "@/lib/domains/accounts/abilities";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";

// Who may read a reach report in the dashboard: whoever may see the release or the newsroom
// there (`view` in the newsroom, docs/api.md "Roles in a newsroom"). Anything else answers "not
// found", so nobody learns which ids exist in other newsrooms. Staff read reach in the admin area.

/** The release, when it belongs to a newsroom where the user holds `view`; else not found. */
export async function viewableReleaseOrThrow(userId: number, releaseId: number) {
  const release = await ownReleaseOrThrow(userId, releaseId);
  if (!(await companyAbilities(userId, release.companyId)).has("view")) throw notFound("Press release not found.");
  return release;
}

/** Throws not found unless the user holds `view` in the (not deleted) newsroom. */
export async function assertNewsroomViewable(userId: number, companyId: number): Promise<void> {
  if (!isRecordId(companyId) || !(await companyAbilities(userId, companyId)).has("view")) throw notFound("Newsroom not found.");
}
