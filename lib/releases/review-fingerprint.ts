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

export function reviewFingerprint(f: JudgedFields): string {
  const judged = [f.title, f.lead, f.body, f.location, f.keywords, f.categoryId, f.contactName, f.contactEmail, f.contactPhone, f.language];
  return createHash("sha256").update(JSON.stringify(["review-v1", ...judged])).digest("hex");
}
