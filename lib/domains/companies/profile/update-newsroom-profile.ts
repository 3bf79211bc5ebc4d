import { recordProfileMaintenance } from "@/lib/domains/activity/conversion-events";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { invalidatePublicTags, newsroomProfileTags } from "@/lib/domains/sites/public-tags";
import { db } from "@/lib/core/db/client";
import { lockNewsroomForEdit } from "./lock-newsroom-for-edit";
import type { NewsroomFormValues } from "./newsroom-fields";
import { parseNewsroomProfile, type NewsroomProfileData } from "./profile-input";

export interface UpdateNewsroomProfileOptions {
  userId: number;
  companyId: number;
  values: NewsroomFormValues;
}

/**
 * Saves a newsroom's profile (ability `edit`). Portal and slug stay: the newsroom's URLs and its
 * releases live on them (a merge is the only path that changes a portal). Every page showing the
 * profile is invalidated in the same transaction; a new name also reaches the search mirror.
 */
export async function updateNewsroomProfile({
  userId,
  companyId,
  values,
}: UpdateNewsroomProfileOptions): Promise<{ changed: (keyof NewsroomProfileData)[] }> {
  const profile = await parseNewsroomProfile(values, false);
  const changed = await db.$transaction(async (tx) => {
    const company = await lockNewsroomForEdit(tx, userId, companyId);
    const before = await tx.company.findUniqueOrThrow({ where: { id: companyId } });
    const fields = (Object.keys(profile) as (keyof NewsroomProfileData)[]).filter((k) => before[k] !== profile[k]);
    if (!fields.length) return fields;
    await tx.company.update({ where: { id: companyId }, data: profile });
    // The search mirror carries the newsroom's name (spec 2.3; its tsvectors weigh it): a rename
    // reaches every release's row in the same transaction, so a search by the new name finds them.
    if (fields.includes("name"))
      await tx.pressReleaseSearch.updateMany({ where: { companyId }, data: { companyName: profile.name, syncedAt: new Date() } });
    await recordActivity(
      { actorUserId: userId, type: ACTIVITY.newsroomProfileUpdated, subjectType: "company", subjectId: companyId, metadata: { fields } },
      tx,
    );
    await invalidatePublicTags(tx, newsroomProfileTags(company));
    return fields;
  });
  if (changed.length) await recordProfileMaintenance(companyId, "profile");
  return { changed };
}
