import { db } from "@/lib/core/db/client";
import type { PressRelease } from "@/lib/generated/prisma/client";
import { creditLine } from "@/lib/domains/images/credit";
import { fingerprintWith, judgedImagesOf } from "@/lib/domains/releases/review-images";
import type { ClassifierInput } from "./classifier";

export interface ReviewSubject {
  input: ClassifierInput;
  /** The review fingerprint of exactly what `input` shows: the release's text and the images read with it. */
  fingerprint: string;
}

/**
 * What the text check is shown of a release: every field its review fingerprint covers
 * (lib/domains/releases/review-fingerprint.ts), the category by name, alt text and credit of the images
 * a publication would deliver, and whether another newsroom already published the same text;
 * with the fingerprint of what was read, so a check counts only for what it saw.
 */
export async function reviewSubjectOf(release: PressRelease): Promise<ReviewSubject> {
  const [category, duplicates, images] = await Promise.all([
    release.categoryId ? db.category.findUnique({ where: { id: release.categoryId }, select: { nameDe: true, nameEn: true } }) : null,
    db.pressRelease.count({
      where: { contentHash: release.contentHash, companyId: { not: release.companyId }, publishedEverAt: { not: null }, deletedAt: null },
    }),
    judgedImagesOf(db, release.id),
  ]);
  const input: ClassifierInput = {
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
    images: images.map((i) => ({ alt: i.alt, credit: creditLine(i) })),
  };
  return { input, fingerprint: fingerprintWith(release, images) };
}

/** The text check's input alone (a paid change's proposed text is checked with the release's images). */
export async function reviewInputOf(release: PressRelease): Promise<ClassifierInput> {
  return (await reviewSubjectOf(release)).input;
}
