import { assertCompanyAbility } from "@/lib/domains/accounts/abilities";
import { bestEffort } from "@/lib/domains/activity/best-effort";
import { recordProfileMaintenance } from "@/lib/domains/activity/conversion-events";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { invalidatePublicTags, newsroomProfileTags } from "@/lib/domains/sites/public-tags";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { lockNewsroomForEdit } from "./lock-newsroom-for-edit";
import { logoKey, processLogo } from "./newsroom-logo";

const STORAGE_FAILED = "Das Logo konnte nicht gespeichert werden. Ihr bisheriges Logo bleibt. Bitte versuchen Sie es gleich noch einmal.";

/**
 * A new logo (spec 7): stored first, then the database, then the old file deleted. A failed
 * storage write is a field error and the previous logo stays; a failed database write leaves
 * the new file unreferenced, so it is removed again.
 */
export async function replaceNewsroomLogo({
  userId,
  companyId,
  bytes,
}: {
  userId: number;
  companyId: number;
  bytes: Uint8Array;
}): Promise<{ logoPath: string }> {
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
      const company = await lockNewsroomForEdit(tx, userId, companyId);
      await tx.company.update({ where: { id: companyId }, data: { logoPath: key } });
      await recordActivity(
        {
          actorUserId: userId,
          type: ACTIVITY.newsroomLogoReplaced,
          subjectType: "company",
          subjectId: companyId,
          metadata: { width: logo.width, height: logo.height },
        },
        tx,
      );
      await invalidatePublicTags(tx, newsroomProfileTags(company));
      return company.logoPath;
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
    const company = await lockNewsroomForEdit(tx, userId, companyId);
    if (!company.logoPath) return null;
    await tx.company.update({ where: { id: companyId }, data: { logoPath: null } });
    await recordActivity({ actorUserId: userId, type: ACTIVITY.newsroomLogoRemoved, subjectType: "company", subjectId: companyId }, tx);
    await invalidatePublicTags(tx, newsroomProfileTags(company));
    return company.logoPath;
  });
  if (previous) await bestEffort("old logo removal", () => getFileStorage().delete(previous));
}
