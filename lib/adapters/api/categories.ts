import { db } from "@/lib/core/db/client";

/** Active categories, with their parent's slug; a release may use any of them on its portal. */
export async function activeCategories(portal?: "business" | "tech") {
  const rows = await db.category.findMany({
    where: { isActive: true, ...(portal ? { portal } : {}) },
    include: { parent: { select: { slug: true } } },
    orderBy: [{ portal: "asc" }, { position: "asc" }, { slug: "asc" }],
  });
  return rows.map((c) => ({ slug: c.slug, portal: c.portal, name_de: c.nameDe, name_en: c.nameEn, parent: c.parent?.slug ?? null }));
}
