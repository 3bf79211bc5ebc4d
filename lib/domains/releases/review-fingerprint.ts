import { createHash } from "node:crypto";

// content_hash is what spec 2.3 defines (title + text without markup) and what canonical copies
// and duplicates compare. The review fingerprint is what a check or a person's approval is
// valid for: every field the text check judges, the body as stored (link targets and other
// attributes included), and the images a publication would deliver (their bytes and what is
// stated about them: alt text, credit, AI declaration). A change to any of them needs a new
// check before publication.

/** An image as the fingerprint sees it: its bytes and its metadata hash (credit, portal label, alt text, AI declaration). */
export interface JudgedImage {
  bytesSha256: string;
  metadataHash: string;
}

export interface JudgedFields {
  title: string;
  lead: string | null;
  /** Sanitised HTML as stored. */
  body: string;
  location: string | null;
  keywords: string[];
  categoryId: number | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  language: "de" | "en";
  /** The release's judged images (lib/domains/releases/review-images.ts), in any order. */
  images: JudgedImage[];
}

/** One field, unambiguous whatever it holds: null is `~`, text its UTF-8 length, `:` and itself. */
const field = (v: string | null) => (v === null ? "~" : `${Buffer.byteLength(v, "utf8")}:${v}`);

/**
 * SHA-256 (hex) over the judged fields in a fixed order, keywords preceded by their count, then,
 * when there are any, the images (`images`, their count, each `bytes:metadata` in sorted order:
 * arranging images shows nothing new, so order and cover do not count). A release without images
 * keeps the fingerprint it had before images were judged. The database computes the same with
 * `pd_review_fingerprint` (prisma/sql/review-fingerprint.sql), which migrations use to fill
 * stored rows; a test holds the two equal.
 */
export function reviewFingerprint(f: JudgedFields): string {
  const parts = [
    "review-v2",
    f.title,
    f.lead,
    f.body,
    f.location,
    String(f.keywords.length),
    ...f.keywords,
    f.categoryId === null ? null : String(f.categoryId),
    f.contactName,
    f.contactEmail,
    f.contactPhone,
    f.language,
  ];
  if (f.images.length) {
    // Hex and ":" only: the default sort is the database's "C" collation order.
    const images = f.images.map((i) => `${i.bytesSha256}:${i.metadataHash}`).sort();
    parts.push("images", String(images.length), ...images);
  }
  return createHash("sha256").update(parts.map(field).join(""), "utf8").digest("hex");
}
