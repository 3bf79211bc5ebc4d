import type { DbOrTx } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";

/** Whose monthly quota a release uses: its author's, else the newsroom owner's. */
export async function quotaHolderOf(client: DbOrTx, release: { authorUserId: number | null; companyId: number }): Promise<number> {
  if (release.authorUserId) return release.authorUserId;
  const owner = await client.companyUser.findFirst({
    where: { companyId: release.companyId, role: "owner" },
    orderBy: { id: "asc" },
    select: { userId: true },
  });
  if (!owner) throw new AppError("conflict", "The newsroom has no owner whose quota could be used.");
  return owner.userId;
}
