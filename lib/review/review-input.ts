import { db } from "@/lib/db/client";
import type { PressRelease } from "@/lib/generated/prisma/client";
import type { ClassifierInput } from "./classifier";

/**
 * What the text check is shown of a release: every field its review fingerprint covers
 * (lib/releases/review-fingerprint.ts), the category by name, and whether another newsroom
 * already published the same text.
 */
export async function reviewInputOf(release: PressRelease): Promise<ClassifierInput> {
  const [category, duplicates] = await Promise.all([
    release.categoryId ? db.category.findUnique({ where: { id: release.categoryId }, select: { nameDe: true, nameEn: true } }) : null,
    db.pressRelease.count({ where: { contentHash: release.contentHash, companyId: { not: release.companyId }, publishedEverAt: { not: null }, deletedAt: null } }),
  ]);
  return {
    title: release.title,
    lead: release.lead,
    bodyHtml: release.body,
    location: release.location,
    keywords: release.keywords,
    category: category ? (release.language === "de" ? category.nameDe : category.nameEn) : null,
    contactEmail: release.contactEmail,
    contactName: release.contactName,
    contactPhone: release.contactPhone,
    language: release.language,
    isDuplicateOfOtherNewsroom: duplicates > 0,
  };
}
