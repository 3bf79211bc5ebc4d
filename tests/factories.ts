import { randomBytes } from "node:crypto";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { contentHash } from "@/lib/domains/releases/content-hash";
import { reviewFingerprint } from "@/lib/domains/releases/review-fingerprint";

// Factories: each test builds its own rows with unique natural keys.
export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

/** An account as most are: its address confirmed. Pass `emailVerifiedAt: null` for an open one. */
export function seedUser(data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  return db.user.create({ data: { email: `${unique("user")}@example.test`, name: "Test User", emailVerifiedAt: new Date(), ...data } });
}

export function seedCompany(data: Partial<Prisma.CompanyUncheckedCreateInput> = {}) {
  return db.company.create({ data: { portal: "business", slug: unique("company"), name: "Test GmbH", ...data } });
}

/** A release row as a save would write it: content_hash and review fingerprint match its fields. */
export function seedRelease(data: Partial<Prisma.PressReleaseUncheckedCreateInput> & { companyId: number }) {
  const row = {
    portal: "business" as const,
    language: "de" as const,
    slug: unique("release"),
    title: `Release ${unique("t")}`,
    body: "<p>Body text of the release.</p>",
    ...data,
  };
  const keywords = Array.isArray(row.keywords) ? row.keywords : [];
  const fingerprint = reviewFingerprint({
    title: row.title,
    lead: row.lead ?? null,
    body: row.body,
    location: row.location ?? null,
    keywords,
    categoryId: row.categoryId ?? null,
    contactName: row.contactName ?? null,
    contactEmail: row.contactEmail ?? null,
    contactPhone: row.contactPhone ?? null,
    language: row.language,
    images: [],
  });
  return db.pressRelease.create({ data: { contentHash: contentHash(row.title, row.body), reviewFingerprint: fingerprint, ...row } });
}
