import { db } from "@/lib/core/db/client";

/** The newest IndexNow pings of one release, newest first (the admin release detail). */
export async function latestIndexNowPings(opts: { releaseId: number; limit?: number }) {
  return db.indexNowPing.findMany({
    where: { pressReleaseId: opts.releaseId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: opts.limit ?? 10,
    select: {
      id: true,
      url: true,
      reason: true,
      status: true,
      httpStatus: true,
      attempts: true,
      error: true,
      createdAt: true,
      sentAt: true,
    },
  });
}
