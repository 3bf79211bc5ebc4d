import { db, type DbOrTx } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import type { Portal } from "@/lib/domains/sites";
import { portalsOfCompany } from "@/lib/domains/sites/portals";
import { isRecordId } from "@/lib/core/input/ids";

/** Where a user's newsroom still takes releases: not removed and not tombstoned. */
const WRITABLE_COMPANY = { deletedAt: null, goneAt: null } as const;

export interface Newsroom {
  id: number;
  name: string;
  slug: string;
  email: string | null;
  role: "owner" | "member" | "responsible";
  /** The portals its releases may go to: one, or both after a merge. */
  portals: Portal[];
}

/** The newsrooms the user belongs to (company_user, any role). Dashboard and API share it. */
export async function newsroomsOfUser(userId: number): Promise<Newsroom[]> {
  const rows = await db.companyUser.findMany({
    where: { userId, company: WRITABLE_COMPANY },
    select: { role: true, company: { select: { id: true, name: true, slug: true, email: true, portal: true } } },
    orderBy: { companyId: "asc" },
  });
  return rows.map(({ role, company: c }) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    email: c.email,
    role,
    portals: portalsOfCompany(c.portal),
  }));
}

/**
 * A release of one of the user's newsrooms. Anyone else's release answers "not found", so a
 * customer cannot even learn that an id exists in another newsroom.
 */
export async function ownReleaseOrThrow(userId: number, releaseId: number, client: DbOrTx = db) {
  if (!isRecordId(releaseId)) throw notFound("Press release not found.");
  const release = await client.pressRelease.findFirst({
    where: { id: releaseId, deletedAt: null, company: { ...WRITABLE_COMPANY, members: { some: { userId } } } },
  });
  if (!release) throw notFound("Press release not found.");
  return release;
}
