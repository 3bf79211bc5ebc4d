import { can, type Permission, type StaffUser } from "@/lib/domains/accounts/permissions";

/**
 * The admin area's screens and the permission each demands (spec 5.11). One table: the page
 * asks `requireAdmin(ADMIN_SCREENS.x.permission)`, the navigation shows only what the person
 * may open, and docs/security.md lists the same table.
 */
export const ADMIN_SCREENS = {
  review: { href: "/admin/review", label: "Prüfung erforderlich", group: "Redaktion", permission: "press-releases:publish" },
  images: { href: "/admin/images", label: "Bilder prüfen", group: "Redaktion", permission: "press-releases:publish" },
  releases: { href: "/admin/releases", label: "Pressemitteilungen", group: "Redaktion", permission: "press-releases:publish" },
  categories: { href: "/admin/categories", label: "Kategorien", group: "Redaktion", permission: "press-releases:publish" },
  legal: { href: "/admin/legal", label: "Rechtliche Anliegen", group: "Recht", permission: "compliance:manage" },
  contact: { href: "/admin/contact", label: "Kontaktanfragen", group: "Recht", permission: "users:manage" },
  companies: { href: "/admin/companies", label: "Newsrooms", group: "Kunden", permission: "companies:write" },
  similarAddresses: { href: "/admin/companies/similar", label: "Ähnliche Adressen", group: "Kunden", permission: "companies:write" },
  users: { href: "/admin/users", label: "Benutzer", group: "Kunden", permission: "users:manage" },
  newsletter: { href: "/admin/newsletter", label: "Newsletter", group: "Kunden", permission: "users:manage" },
  payments: { href: "/admin/payments", label: "Zahlungen", group: "Kunden", permission: "billing:manage" },
  activityReport: { href: "/admin/reports/activity", label: "Aktivität", group: "Berichte", permission: "compliance:manage" },
  indexingReport: {
    href: "/admin/reports/indexing",
    label: "Indexierung und Abrufe",
    group: "Berichte",
    permission: "press-releases:publish",
  },
  submitterReport: { href: "/admin/reports/submitters", label: "Einsender", group: "Berichte", permission: "press-releases:publish" },
  funnelReport: { href: "/admin/reports/funnel", label: "Conversion-Funnel", group: "Berichte", permission: "billing:manage" },
  reachReport: { href: "/admin/reports/reach", label: "Reichweite", group: "Berichte", permission: "press-releases:publish" },
  // Operations: versions, health checks, schedules, alerts. users:manage is the platform administrator's permission.
  system: { href: "/admin/system", label: "Systemstatus", group: "Betrieb", permission: "users:manage" },
} as const satisfies Record<string, { href: string; label: string; group: string; permission: Permission }>;

export type AdminScreen = keyof typeof ADMIN_SCREENS;

export interface AdminNavGroup {
  label: string;
  items: { href: string; label: string }[];
}

/** The admin start page (app/hub/admin/page.tsx): what waits, for anyone who may open a screen. */
export const ADMIN_START = { href: "/admin", label: "Übersicht" } as const;

/** The screens this person may open, grouped as the navigation shows them. */
export function adminNavFor(user: StaffUser): AdminNavGroup[] {
  const groups = new Map<string, AdminNavGroup>();
  for (const screen of Object.values(ADMIN_SCREENS)) {
    if (!can(user, screen.permission)) continue;
    const group = groups.get(screen.group) ?? { label: screen.group, items: [] };
    group.items.push({ href: screen.href, label: screen.label });
    groups.set(screen.group, group);
  }
  return [...groups.values()];
}

/** Where staff start and the hub header's "Verwaltung" leads: the start page, for whoever may open any screen. */
export function adminHomeFor(user: StaffUser): string | null {
  return adminNavFor(user).length ? ADMIN_START.href : null;
}
