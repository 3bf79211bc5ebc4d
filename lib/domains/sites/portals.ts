import type { Prisma } from "@/lib/generated/prisma/client";
import { PORTALS, type Portal } from "@/lib/domains/sites";

/** A newsroom readers may see: active, not tombstoned, not removed. */
export const PUBLIC_NEWSROOM_WHERE = { isActive: true, goneAt: null, deletedAt: null } as const satisfies Prisma.CompanyWhereInput;

/** The portals a newsroom publishes on: its own, or both after a merge. */
export function portalsOfCompany(portal: Portal | "both"): Portal[] {
  return portal === "both" ? [...PORTALS] : [portal];
}

/** Newsrooms (and their old slugs) that belong to this portal. */
export function onPortalWhere(portal: Portal): { portal: { in: (Portal | "both")[] } } {
  return { portal: { in: [portal, "both"] } };
}
