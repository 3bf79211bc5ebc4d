import { db } from "@/lib/core/db/client";

import type { Newsroom as UserNewsroom } from "@/lib/domains/accounts/newsrooms";

/** The release contact preset of a newsroom: its default press contact (Contact.isDefault). */
export interface ContactPreset {
  name: string;
  email: string;
  phone: string;
}

/** What the release form needs to know of a newsroom; `contact` fills a new release's contact fields. */
export type Newsroom = Pick<UserNewsroom, "id" | "name" | "portals"> & { contact?: ContactPreset | null };
export type Portal = "business" | "tech";

/** The default press contact of each given newsroom (at most one each, prisma/sql/constraints.sql). */
export async function contactPresets(companyIds: number[]): Promise<Map<number, ContactPreset>> {
  const rows = await db.contact.findMany({
    where: { companyId: { in: companyIds }, isDefault: true },
    select: { companyId: true, name: true, email: true, phone: true },
  });
  return new Map(rows.map((c) => [c.companyId, { name: c.name, email: c.email, phone: c.phone ?? "" }]));
}

/** Active categories of the given portals for the form's select, parents before their children. */
export async function activeCategories(portals: Portal[]) {
  const rows = await db.category.findMany({
    where: { portal: { in: portals }, isActive: true, OR: [{ parentId: null }, { parent: { isActive: true } }] },
    select: { id: true, portal: true, nameDe: true, nameEn: true, parentId: true, position: true },
    orderBy: [{ portal: "asc" }, { position: "asc" }, { nameDe: "asc" }],
  });
  const parents = rows.filter((c) => c.parentId === null);
  // `name`/`nameEn`: what the portal prints in the release's meta line (the preview shows it).
  const option = (c: (typeof rows)[number], label: string) => ({ id: c.id, portal: c.portal, label, name: c.nameDe, nameEn: c.nameEn });
  return parents.flatMap((p) => [option(p, p.nameDe), ...rows.filter((c) => c.parentId === p.id).map((c) => option(c, `– ${c.nameDe}`))]);
}
export type CategoryOption = Awaited<ReturnType<typeof activeCategories>>[number];
