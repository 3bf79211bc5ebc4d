import { db } from "@/lib/db/client";

import type { Newsroom as UserNewsroom } from "@/lib/companies/newsrooms";

/** What the release form needs to know of a newsroom. */
export type Newsroom = Pick<UserNewsroom, "id" | "name" | "portals">;
export type Portal = "business" | "tech";

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
