import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { reviewFingerprint, type JudgedFields } from "@/lib/domains/releases/review-fingerprint";

// Migrations fill stored fingerprints with the database's pd_review_fingerprint; the service
// computes them in TypeScript. Byte for byte the same, or every stored check would look stale
// (or worse, a changed release would look checked).

// What the input layer lets into a text column: any Unicode but NUL and lone surrogates.
const text = fc.string({ unit: "grapheme", maxLength: 40 }).filter((s) => !s.includes("\0"));
const nullable = fc.option(text, { nil: null });
const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const image = fc.record({ bytesSha256: hex64, metadataHash: hex64 });
const fields: fc.Arbitrary<JudgedFields> = fc.record({
  title: text,
  lead: nullable,
  body: fc.oneof(text, fc.constant('<p>Mehr unter <a href="https://x.example/?a=1&amp;b=&quot;2&quot;">x.example</a></p>')),
  location: nullable,
  keywords: fc.array(text, { maxLength: 4 }),
  categoryId: fc.option(fc.integer({ min: 1, max: 2_147_483_647 }), { nil: null }),
  contactName: nullable,
  contactEmail: nullable,
  contactPhone: nullable,
  language: fc.constantFrom("de" as const, "en" as const),
  images: fc.array(image, { maxLength: 4 }),
});

async function inDatabase(f: JudgedFields): Promise<string> {
  const [row] = await db.$queryRaw<{ fp: string }[]>`
    SELECT pd_review_fingerprint(${f.title}, ${f.lead}, ${f.body}, ${f.location}, ${f.keywords}::text[], ${f.categoryId}::integer,
      ${f.contactName}, ${f.contactEmail}, ${f.contactPhone}, ${f.language}, ${f.images.map((i) => `${i.bytesSha256}:${i.metadataHash}`)}::text[]) AS fp`;
  return row!.fp;
}

describe("the review fingerprint", () => {
  it("is the same in the database and in the service, for any field values", async () => {
    const sameInBoth = fc.asyncProperty(fields, async (f) => {
      expect(await inDatabase(f)).toBe(reviewFingerprint(f));
    });
    await fc.assert(sameInBoth, { numRuns: 200 });
  });

  it("tells apart values that only move a boundary between fields", async () => {
    const base: JudgedFields = {
      title: "a",
      lead: "b",
      body: "c",
      location: null,
      keywords: ["x", "y"],
      categoryId: 1,
      contactName: null,
      contactEmail: null,
      contactPhone: null,
      language: "de",
      images: [],
    };
    const shifted = [
      { ...base, title: "ab", lead: "" },
      { ...base, lead: null },
      { ...base, lead: "" },
      { ...base, keywords: ["xy"] },
      { ...base, keywords: ["x", "y", ""] },
      { ...base, categoryId: null },
      { ...base, images: [{ bytesSha256: "a".repeat(64), metadataHash: "b".repeat(64) }] },
      { ...base, images: [{ bytesSha256: "a".repeat(64), metadataHash: "c".repeat(64) }] },
    ];
    const all = new Set([reviewFingerprint(base), ...shifted.map(reviewFingerprint)]);
    expect(all.size).toBe(shifted.length + 1);
    for (const f of [base, ...shifted]) expect(await inDatabase(f)).toBe(reviewFingerprint(f));
  });

  it("judges images by bytes and metadata, whatever their order, and leaves a release without images as it was", async () => {
    const base: JudgedFields = {
      title: "a",
      lead: null,
      body: "c",
      location: null,
      keywords: [],
      categoryId: null,
      contactName: null,
      contactEmail: null,
      contactPhone: null,
      language: "de",
      images: [],
    };
    const one = { bytesSha256: "1".repeat(64), metadataHash: "2".repeat(64) };
    const two = { bytesSha256: "3".repeat(64), metadataHash: "4".repeat(64) };
    expect(reviewFingerprint({ ...base, images: [one, two] })).toBe(reviewFingerprint({ ...base, images: [two, one] }));
    expect(reviewFingerprint({ ...base, images: [one] })).not.toBe(reviewFingerprint(base));
    // The value every stored release without images already carries (the text-only encoding).
    expect(reviewFingerprint(base)).toBe("755be905c4f1bf61123348fba5e40e38bbfe3917c205a6bd341b6ef6ce1a5423");
  });
});
