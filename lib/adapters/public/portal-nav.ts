import { db } from "@/lib/core/db/client";
import { portalTag } from "@/lib/domains/sites/public-tags";
import type { Edition, Portal } from "@/lib/domains/sites";
import { cachedPublic } from "./cached-public";

export interface NavCategory {
  slug: string;
  name: string;
}

/** The portal's main categories for the header of every reader page: active, top level, in the portal's order. */
export const cachedPortalNav = cachedPublic(
  "portal-nav",
  async (portal: Portal, edition: Edition): Promise<NavCategory[]> => {
    const rows = await db.category.findMany({
      where: { portal, parentId: null, isActive: true },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { slug: true, nameDe: true, nameEn: true },
    });
    return rows.map((c) => ({ slug: c.slug, name: edition === "de" ? c.nameDe : c.nameEn }));
  },
  { tags: (portal) => [portalTag(portal)] },
);
