import { assertCompanyAbility } from "@/lib/accounts/abilities";
import { recordProfileMaintenance } from "@/lib/activity/conversion-events";
import { recordActivity } from "@/lib/activity/record-activity";
import { invalidatePublicTags, newsroomProfileTags } from "@/lib/cache/public-tags";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
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
 * profile is invalidated in the same transaction.
 */
export async function updateNewsroomProfile({ userId, companyId, values }: UpdateNewsroomProfileOptions): Promise<{ changed: (keyof NewsroomProfileData)[] }> {
  const profile = parseNewsroomProfile(values, false);
  const changed = await db.$transaction(async (tx) => {
    // Locked first, then the ability is read: a role taken away a moment ago counts.
    const [company] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM companies WHERE id = ${companyId} AND deleted_at IS NULL FOR UPDATE`;
    if (!company) throw notFound("Newsroom not found.");
    await assertCompanyAbility(userId, companyId, "edit", tx);
    const before = await tx.company.findUniqueOrThrow({ where: { id: companyId } });
    const fields = (Object.keys(profile) as (keyof NewsroomProfileData)[]).filter((k) => before[k] !== profile[k]);
    if (!fields.length) return fields;
    const after = await tx.company.update({ where: { id: companyId }, data: profile, select: { id: true, portal: true } });
    await recordActivity({ actorUserId: userId, type: "newsroom.profile_updated", subjectType: "company", subjectId: companyId, metadata: { fields } }, tx);
    await invalidatePublicTags(tx, newsroomProfileTags(after));
    return fields;
  });
  if (changed.length) await recordProfileMaintenance(companyId, "profile");
  return { changed };
}
