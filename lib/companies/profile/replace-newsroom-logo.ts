import { assertCompanyAbility } from "@/lib/accounts/abilities";
import { bestEffort } from "@/lib/activity/best-effort";
import { recordProfileMaintenance } from "@/lib/activity/conversion-events";
import { recordActivity } from "@/lib/activity/record-activity";
import { invalidatePublicTags, newsroomProfileTags } from "@/lib/cache/public-tags";
import { db, type Tx } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { getFileStorage } from "@/lib/storage/file-storage";
import { logoKey, processLogo } from "./newsroom-logo";

const STORAGE_FAILED = "Das Logo konnte nicht gespeichert werden. Ihr bisheriges Logo bleibt. Bitte versuchen Sie es gleich noch einmal.";

async function lockedCompany(tx: Tx, companyId: number) {
  const [row] = await tx.$queryRaw<{ id: number; logo_path: string | null }[]>`
    SELECT id, logo_path FROM companies WHERE id = ${companyId} AND deleted_at IS NULL FOR UPDATE`;
  if (!row) throw notFound("Newsroom not found.");
  return row;
}

/**
 * A new logo (spec 7): stored first, then the database, then the old file deleted. A failed
 * storage write is a field error and the previous logo stays; a failed database write leaves
 * the new file unreferenced, so it is removed again.
 */
export async function replaceNewsroomLogo({ userId, companyId, bytes }: { userId: number; companyId: number; bytes: Uint8Array }): Promise<{ logoPath: string }> {
  // Checked before the pixels are decoded: decoding is the expensive part.
  await assertCompanyAbility(userId, companyId, "edit");
  const logo = await processLogo(bytes);
  const key = logoKey(companyId, logo.sha256);
  const storage = getFileStorage();
  try {
    await storage.put(key, logo.bytes, "image/webp");
  } catch {
    throw new AppError("service_unavailable", "The logo could not be stored.", undefined, [{ path: "logo", message: STORAGE_FAILED }]);
  }
  let previous: string | null;
  try {
    previous = await db.$transaction(async (tx) => {
      const company = await lockedCompany(tx, companyId);
      await assertCompanyAbility(userId, companyId, "edit", tx);
      const updated = await tx.company.update({ where: { id: companyId }, data: { logoPath: key }, select: { id: true, portal: true } });
      await recordActivity({ actorUserId: userId, type: "newsroom.logo_replaced", subjectType: "company", subjectId: companyId, metadata: { width: logo.width, height: logo.height } }, tx);
      await invalidatePublicTags(tx, newsroomProfileTags(updated));
      return company.logo_path;
    });
  } catch (err) {
    // The same bytes uploaded again have the same key: that file is the current logo, keep it.
    await bestEffort("unreferenced logo removal", async () => {
      const current = await db.company.findUnique({ where: { id: companyId }, select: { logoPath: true } });
      if (current?.logoPath !== key) await storage.delete(key);
    });
    throw err;
  }
  if (previous && previous !== key) await bestEffort("old logo removal", () => storage.delete(previous));
  await recordProfileMaintenance(companyId, "logo");
  return { logoPath: key };
}

/** Removes the logo: the database first, then the file. */
export async function removeNewsroomLogo({ userId, companyId }: { userId: number; companyId: number }): Promise<void> {
  const previous = await db.$transaction(async (tx) => {
    const company = await lockedCompany(tx, companyId);
    await assertCompanyAbility(userId, companyId, "edit", tx);
    if (!company.logo_path) return null;
    const updated = await tx.company.update({ where: { id: companyId }, data: { logoPath: null }, select: { id: true, portal: true } });
    await recordActivity({ actorUserId: userId, type: "newsroom.logo_removed", subjectType: "company", subjectId: companyId }, tx);
    await invalidatePublicTags(tx, newsroomProfileTags(updated));
    return company.logo_path;
  });
  if (previous) await bestEffort("old logo removal", () => getFileStorage().delete(previous));
}
