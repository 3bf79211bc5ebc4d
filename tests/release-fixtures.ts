import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { currentReviewFingerprint } from "@/lib/domains/releases/review-images";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { apiClient } from "./api-client";
import { seedCompany, seedRelease, seedUser, unique } from "./factories";

// Release scenarios of spec 3.1: a newsroom with an owner who has a monthly quota, and
// releases in a given state with or without a valid check of their current text.

export const GOOD_BODY = `<p>Berlin, 3. März 2026 – Die Beispiel AG eröffnet ein neues Werk in Brandenburg. Am Standort
entstehen 250 Arbeitsplätze in Fertigung und Logistik. Die Produktion beginnt im Herbst; die Investition
beträgt 80 Millionen Euro. Das Werk fertigt Komponenten für Wärmepumpen und beliefert Kunden in ganz Europa.
Geschäftsführerin Anna Beispiel sagt, der Standort verbinde kurze Wege mit gut ausgebildeten Fachkräften aus der Region.
Gemeinsam mit der örtlichen Berufsschule startet ein Ausbildungsprogramm für 40 junge Menschen pro Jahr.</p>`;

export const RED_BODY = "<p>JETZT KAUFEN!!! Nur heute gratis Rabatt!!! Klicken Sie hier.</p>";

export async function seedNewsroom(
  opts: {
    quota?: number;
    apiAccess?: boolean;
    portal?: "business" | "tech" | "both";
    user?: Partial<Prisma.UserUncheckedCreateInput>;
  } = {},
) {
  const owner = await seedUser(opts.user ?? {});
  const company = await seedCompany({ portal: opts.portal ?? "business" });
  await db.companyUser.create({ data: { companyId: company.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
  if (opts.quota !== 0) {
    await db.userPaymentOption.create({
      data: {
        userId: owner.id,
        companyId: company.id,
        provider: "stripe",
        plan: "pro",
        monthlyReleaseQuota: opts.quota ?? 10,
        apiAccess: opts.apiAccess ?? true,
      },
    });
  }
  return { owner, company };
}

/** A release in review whose newest check is `result` for its current text. */
export async function seedCheckedRelease(
  companyId: number,
  authorUserId: number,
  opts: { result?: "green" | "yellow" | "red"; stale?: boolean; data?: Partial<Prisma.PressReleaseUncheckedCreateInput> } = {},
) {
  const title = opts.data?.title ?? `Neues Werk ${unique("w")}`;
  const body = opts.data?.body ?? GOOD_BODY;
  const release = await seedRelease({
    companyId,
    authorUserId,
    status: "in_review",
    location: "Berlin",
    contactName: "Pressestelle",
    ...opts.data,
    title,
    body,
  });
  const stale = "0".repeat(64);
  await db.pressReleaseClassification.create({
    data: {
      pressReleaseId: release.id,
      result: opts.result ?? "green",
      reasons: [],
      contentHash: opts.stale ? stale : release.contentHash,
      reviewFingerprint: opts.stale ? stale : release.reviewFingerprint,
      classifier: "test",
      attempt: 0,
    },
  });
  return release;
}

/**
 * After image rows were written straight to the table: the stored fingerprint as the image flows
 * leave it (text and the images a publication would deliver), and a green check of that version.
 */
export async function checkWithImages(releaseId: number) {
  const release = await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } });
  const reviewFingerprint = await currentReviewFingerprint(db, release);
  await db.pressRelease.update({ where: { id: releaseId }, data: { reviewFingerprint } });
  await db.pressReleaseClassification.create({
    data: {
      pressReleaseId: releaseId,
      result: "green",
      reasons: [],
      contentHash: release.contentHash,
      reviewFingerprint,
      classifier: "test",
      attempt: 0,
    },
  });
}

export async function seedAdmin(permissions: string[] = ["press-releases:publish"]) {
  return seedUser({ staffRole: "admin", permissions });
}

export async function historyOf(pressReleaseId: number) {
  return db.pressReleaseHistory.findMany({ where: { pressReleaseId }, orderBy: { id: "asc" } });
}

/** An active category of the business portal, for API bodies. */
export async function seedApiCategory(): Promise<string> {
  const slug = unique("energie");
  await db.category.create({ data: { portal: "business", slug, nameDe: "Energie", nameEn: "Energy" } });
  return slug;
}

/** A v1 create body with a publishable text in `category`; `extra` overrides any field. */
export const apiReleaseBody = (newsroomId: number, category: string, extra: Record<string, unknown> = {}) => ({
  newsroom_id: newsroomId,
  portal: "business",
  language: "de",
  title: `Beispiel AG eröffnet Werk ${unique("api")}`,
  body: GOOD_BODY,
  location: "Berlin",
  contact: { name: "Pressestelle", email: "presse@beispiel.de" },
  category,
  ...extra,
});

/** A newsroom whose owner calls API v1 with a token of their own. */
export async function apiNewsroom() {
  const { owner, company } = await seedNewsroom();
  const { token } = await createApiToken({ userId: owner.id, name: "ci", identityConfirmedAt: new Date() });
  return { api: apiClient(token), token, owner, company };
}
