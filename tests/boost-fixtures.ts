import { db } from "@/lib/core/db/client";
import type { CompanyRole, Prisma } from "@/lib/generated/prisma/client";
import type { Portal } from "@/lib/domains/sites";
import { seedCompany, seedRelease, seedUser, unique } from "@/tests/factories";

// Test worlds for the boost tests: a newsroom with credits, an owner and a published release.

const DAY = 86_400_000;
let window = 0;

/**
 * A `now` of its own for each test, months apart: boosts of one portal are shared by every test
 * of a file, and bookings only see boosts overlapping their own time.
 */
export function ownNow(): Date {
  window += 1;
  return new Date(Date.UTC(2031, 0, 1) + window * 90 * DAY);
}

export const days = (now: Date, n: number) => new Date(now.getTime() + n * DAY);

export async function seedCategory(portal: Portal, data: Partial<Prisma.CategoryUncheckedCreateInput> = {}) {
  return db.category.create({ data: { portal, slug: unique("kat"), nameDe: "Energie", nameEn: "Energy", ...data } });
}

/** A newsroom (owner, credits) with one published, archive-visible release. */
export async function seedBuyer(
  opts: { portal?: Portal; credits?: number; categoryId?: number | null; release?: Partial<Prisma.PressReleaseUncheckedCreateInput> } = {},
) {
  const portal = opts.portal ?? "business";
  const owner = await seedUser();
  const company = await seedCompany({ portal, credits: opts.credits ?? 100 });
  await db.companyUser.create({ data: { companyId: company.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
  const release = await seedPublished(company.id, portal, { categoryId: opts.categoryId ?? null, ...opts.release });
  return { owner, company, release };
}

export function seedPublished(companyId: number, portal: Portal, data: Partial<Prisma.PressReleaseUncheckedCreateInput> = {}) {
  return seedRelease({
    companyId,
    portal,
    status: "published",
    publishedAt: new Date("2026-01-05T09:00:00Z"),
    publishedEverAt: new Date("2026-01-05T09:00:00Z"),
    ...data,
  });
}

export async function addMember(companyId: number, role: CompanyRole) {
  const user = await seedUser();
  await db.companyUser.create({ data: { companyId, userId: user.id, role, grantedVia: "manual" } });
  return user;
}

/** A running boost written directly (another customer's booking from earlier). */
export async function seedRunningBoost(opts: {
  portal: Portal;
  placement?: "home" | "category";
  categoryId?: number | null;
  now: Date;
  endsAt: Date;
}) {
  const { company, release } = await seedBuyer({ portal: opts.portal, categoryId: opts.categoryId ?? null });
  return db.boost.create({
    data: {
      companyId: company.id,
      pressReleaseId: release.id,
      portal: opts.portal,
      placement: opts.placement ?? "home",
      categoryId: opts.categoryId ?? null,
      tier: 1,
      priceCredits: 12,
      startsAt: new Date(opts.now.getTime() - DAY),
      endsAt: opts.endsAt,
    },
  });
}

export const balanceOf = async (companyId: number) =>
  (await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { credits: true } })).credits;
