import { ACTIVITY } from "@/lib/domains/activity/types";
import { db } from "@/lib/core/db/client";

/**
 * When the password was last set, changed or reset, for the security page's summary line; read
 * from the activity log (the user row keeps no date). Null when the log holds no such entry,
 * for example after its retention purge or for a password set at registration.
 */
export async function passwordChangedAt(userId: number): Promise<Date | null> {
  const row = await db.activityLog.findFirst({
    where: {
      subjectType: "user",
      subjectId: String(userId),
      type: { in: [ACTIVITY.userPasswordChanged, ACTIVITY.userPasswordReset] },
    },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  return row?.createdAt ?? null;
}
