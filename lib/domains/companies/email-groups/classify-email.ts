import type { EmailClassification } from "@/lib/generated/prisma/client";
import { CONSUMER_MAIL_DOMAINS, ROLE_LOCAL_PARTS } from "./consumer-domains";

/** Spec 8: an address that is the company e-mail of this many companies belongs to an agency. */
export const AGENCY_THRESHOLD = 3;

/**
 * The group key of a company address: trimmed and lower-cased, nothing more. Provider tricks
 * (dots and +tags at Gmail) are kept as written: two spellings stay two groups, which at worst
 * misses an agency, while folding them would join addresses that other providers keep apart.
 * Null for an empty address.
 */
export function normalizeCompanyEmail(email: string | null | undefined): string | null {
  const normalized = (email ?? "").trim().toLowerCase();
  return normalized === "" ? null : normalized;
}

/** Local part and domain of a normalized address, or null when it is not one we can read. */
export function parseAddress(normalized: string): { local: string; domain: string } | null {
  const at = normalized.lastIndexOf("@");
  if (at <= 0 || normalized.indexOf("@") !== at) return null;
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  if (!/^[^\s@]+$/.test(local) || !/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u.test(domain)) return null;
  return { local, domain };
}

/**
 * The computed classification. Order matters: an unreadable address is `unknown`; an address
 * shared by AGENCY_THRESHOLD or more companies is `agency` even at info@ (the sharing is the
 * stronger signal); free-mail providers are `consumer_mail`; generic local parts
 * `role_address`; anything else `company`.
 */
export function computeClassification(normalized: string, companyCount: number): EmailClassification {
  const parts = parseAddress(normalized);
  if (!parts) return "unknown";
  if (companyCount >= AGENCY_THRESHOLD) return "agency";
  if (CONSUMER_MAIL_DOMAINS.has(parts.domain)) return "consumer_mail";
  // "presse.berlin@" and "info-de@" are role addresses too.
  const stem = parts.local.split(/[.+_-]/)[0]!;
  if (ROLE_LOCAL_PARTS.has(parts.local) || ROLE_LOCAL_PARTS.has(stem)) return "role_address";
  return "company";
}
