import { db } from "@/lib/core/db/client";
import { countReleasesByStatus } from "./list-releases";
import { newsroomsOfUser } from "@/lib/domains/accounts/newsrooms";
import { quotaStatus } from "@/lib/domains/releases/quota";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { getSiteHosts, releaseUrl } from "@/lib/domains/sites";
import type { ReleaseStatus } from "@/lib/generated/prisma/enums";

// The customer's start page (/dashboard): quota, releases by status, the latest published ones
// with their views and public addresses, and the next steps this account has not taken yet.

export const LATEST_PUBLISHED_SHOWN = 5;

export type NextStep = "create_newsroom" | "complete_profile" | "book_plan" | "continue_draft" | "first_release";

export interface CustomerOverview {
  hasNewsroom: boolean;
  quota: { limit: number; used: number; remaining: number };
  /** Releases of the user's newsrooms by status, as the release list counts them. */
  byStatus: Partial<Record<ReleaseStatus, number>>;
  latestPublished: { id: number; title: string; publishedAt: Date | null; hits: number; companyName: string; publicUrl: string | null }[];
  nextSteps: { step: NextStep; href: string }[];
}

export async function loadCustomerOverview(userId: number, now = new Date()): Promise<CustomerOverview> {
  const newsrooms = await newsroomsOfUser(userId);
  const companyIds = newsrooms.map((n) => n.id);
  const mine = { companyId: { in: companyIds }, deletedAt: null, goneAt: null };
  const [quota, byStatus, latest, visible, profiles, plan, newestDraft] = await Promise.all([
    quotaStatus(db, userId, now),
    countReleasesByStatus(companyIds),
    db.pressRelease.findMany({
      where: { ...mine, status: "published" },
      orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
      take: LATEST_PUBLISHED_SHOWN,
      select: {
        id: true,
        title: true,
        publishedAt: true,
        hits: true,
        portal: true,
        language: true,
        slug: true,
        company: { select: { name: true } },
      },
    }),
    db.pressRelease.findMany({
      where: { ...mine, status: "published", ...publiclyVisibleReleaseWhere(now) },
      select: { id: true },
      orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
      take: LATEST_PUBLISHED_SHOWN,
    }),
    db.company.findMany({
      where: { id: { in: companyIds } },
      select: { id: true, logoPath: true, descriptionDe: true, _count: { select: { contacts: true } } },
    }),
    db.userPaymentOption.findFirst({ where: { userId, status: "active" }, select: { id: true } }),
    db.pressRelease.findFirst({ where: { ...mine, status: "draft" }, orderBy: { updatedAt: "desc" }, select: { id: true } }),
  ]);
  const hosts = getSiteHosts();
  const isVisible = new Set(visible.map((v) => v.id));
  const nextSteps: CustomerOverview["nextSteps"] = [];
  if (!newsrooms.length) nextSteps.push({ step: "create_newsroom", href: "/dashboard/newsrooms/new" });
  const incomplete = profiles.find((p) => !p.logoPath || !p.descriptionDe || !p._count.contacts);
  if (incomplete) nextSteps.push({ step: "complete_profile", href: `/dashboard/newsrooms/${incomplete.id}` });
  if (newsrooms.length && !plan && quota.remaining === 0) nextSteps.push({ step: "book_plan", href: "/dashboard/billing" });
  if (newestDraft) nextSteps.push({ step: "continue_draft", href: `/dashboard/releases/${newestDraft.id}` });
  else if (newsrooms.length && !Object.keys(byStatus).length) nextSteps.push({ step: "first_release", href: "/dashboard/releases/new" });
  return {
    hasNewsroom: newsrooms.length > 0,
    quota,
    byStatus,
    latestPublished: latest.map((r) => ({
      id: r.id,
      title: r.title,
      publishedAt: r.publishedAt,
      hits: r.hits,
      companyName: r.company.name,
      // Only what a reader can open now (an embargo still running has no public page yet).
      publicUrl: isVisible.has(r.id) ? releaseUrl(r, hosts) : null,
    })),
    nextSteps,
  };
}
