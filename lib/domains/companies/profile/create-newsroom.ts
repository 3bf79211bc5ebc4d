import { recordProfileMaintenance } from "@/lib/domains/activity/conversion-events";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";
import { AppError, forbidden } from "@/lib/core/errors/errors";
import type { NewsroomFormValues, NewsroomPortal } from "./newsroom-fields";
import { allocateNewsroomSlug } from "./newsroom-slug";
import { parseNewsroomProfile } from "./profile-input";

/** Newsrooms one account may create per day: enough for a group with several brands, not for a spammer. */
export const NEWSROOMS_PER_DAY = 10;

export interface CreateNewsroomOptions {
  userId: number;
  values: NewsroomFormValues;
  now?: Date;
}

/**
 * Onboarding, step 1 (spec 2.2): creates a newsroom on one portal with a unique slug, makes the
 * creator its owner (granted by hand: a person decided) and its default press contact, in one
 * transaction with the activity entry. Stage 3 of the funnel follows the commit.
 */
export async function createNewsroom({
  userId,
  values,
  now = new Date(),
}: CreateNewsroomOptions): Promise<{ companyId: number; slug: string }> {
  const profile = await parseNewsroomProfile(values, true);
  const portal = values.portal as NewsroomPortal;
  const created = await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: userId },
      select: { name: true, email: true, isActive: true, deletedAt: true, emailVerifiedAt: true },
    });
    if (!user || !user.isActive || user.deletedAt) throw forbidden("This account cannot create newsrooms.");
    if (!user.emailVerifiedAt) throw forbidden("Confirm your e-mail address before creating a newsroom.");
    // The slug lock (taken by allocateNewsroomSlug) also serializes this count per account.
    const slug = await allocateNewsroomSlug(tx, profile.name, portal);
    const recent = await tx.company.count({ where: { createdByUserId: userId, createdAt: { gt: new Date(now.getTime() - 86_400_000) } } });
    if (recent >= NEWSROOMS_PER_DAY) throw new AppError("rate_limited", `At most ${NEWSROOMS_PER_DAY} newsrooms per day.`);
    const company = await tx.company.create({
      data: { ...profile, portal, slug, createdByUserId: userId },
      select: { id: true, slug: true },
    });
    await tx.companyUser.create({ data: { companyId: company.id, userId, role: "owner", grantedVia: "manual" } });
    await tx.contact.create({ data: { companyId: company.id, name: user.name, email: user.email, isDefault: true } });
    await recordActivity(
      {
        actorUserId: userId,
        type: ACTIVITY.newsroomCreated,
        subjectType: "company",
        subjectId: company.id,
        metadata: { portal, slug: company.slug },
      },
      tx,
    );
    return company;
  });
  await recordProfileMaintenance(created.id, "onboarding");
  return { companyId: created.id, slug: created.slug };
}
