import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export type Portal = "business" | "tech";

export interface Newsroom {
  id: number;
  name: string;
  /** The portals its releases may go to: one, or both after a merge. */
  portals: Portal[];
}

/** The newsrooms the user belongs to (company_user, any role); removed newsrooms drop out. */
export async function newsroomsOfUser(userId: number): Promise<Newsroom[]> {
  const rows = await db.companyUser.findMany({
    where: { userId, company: { deletedAt: null, goneAt: null } },
    select: { company: { select: { id: true, name: true, portal: true } } },
    orderBy: { companyId: "asc" },
  });
  return rows.map(({ company: c }) => ({ id: c.id, name: c.name, portals: c.portal === "both" ? ["business", "tech"] : [c.portal] }));
}

/**
 * A release of one of the user's newsrooms. Anyone else's release answers "not found", so a
 * customer cannot even learn that an id exists in another newsroom.
 */
export async function ownReleaseOrThrow(userId: number, releaseId: number) {
  const release = await db.pressRelease.findFirst({
    where: { id: releaseId, deletedAt: null, company: { members: { some: { userId } } } },
  });
  if (!release) throw notFound("Press release not found.");
  return release;
}

/** Active categories of the given portals for the form's select, parents before their children. */
export async function activeCategories(portals: Portal[]) {
  const rows = await db.category.findMany({
    where: { portal: { in: portals }, isActive: true, OR: [{ parentId: null }, { parent: { isActive: true } }] },
    select: { id: true, portal: true, nameDe: true, parentId: true, position: true },
    orderBy: [{ portal: "asc" }, { position: "asc" }, { nameDe: "asc" }],
  });
  const parents = rows.filter((c) => c.parentId === null);
  return parents.flatMap((p) => [
    { id: p.id, portal: p.portal, label: p.nameDe },
    ...rows.filter((c) => c.parentId === p.id).map((c) => ({ id: c.id, portal: c.portal, label: `– ${c.nameDe}` })),
  ]);
}
export type CategoryOption = Awaited<ReturnType<typeof activeCategories>>[number];
