import { createHash } from "node:crypto";

// content_hash is what spec 2.3 defines (title + text without markup) and what canonical copies
// and duplicates compare. The review fingerprint is what a check or a person's approval is
// valid for: every field the text check judges, the body as stored (link targets and other
// attributes included). A change to any of them needs a new check before publication.

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
}

/** One field, unambiguous whatever it holds: null is `~`, text its UTF-8 length, `:` and itself. */
const field = (v: string | null) => (v === null ? "~" : `${Buffer.byteLength(v, "utf8")}:${v}`);

/**
 * SHA-256 (hex) over the judged fields in a fixed order, keywords preceded by their count. The
 * database computes the same with `pd_review_fingerprint` (prisma/sql/review-fingerprint.sql),
 * which migrations use to fill stored rows; a test holds the two equal.
 */
export function reviewFingerprint(f: JudgedFields): string {
  const parts = ["review-v2", f.title, f.lead, f.body, f.location, String(f.keywords.length), ...f.keywords, f.categoryId === null ? null : String(f.categoryId), f.contactName, f.contactEmail, f.contactPhone, f.language];
  return createHash("sha256").update(parts.map(field).join(""), "utf8").digest("hex");
}
