import { CONSUMER_MAIL_DOMAINS } from "./consumer-domains";

// The address similarity check (spec 8: "capped at 25 representatives"): company addresses
// that differ by a slip of the keyboard point to one firm registered twice. Exact duplicates are
// the merge preview's own candidates (the same company e-mail); this finds the near ones:
// - `local`: the same domain, the part before the @ a small edit away (presse@ / prese@firma.de);
// - `domain`: the same part before the @, the domain a small edit away or another top-level
//   domain (info@mueller-bau.de / info@muller-bau.de / info@mueller-bau.com).
// Each normalized address is one representative, however many newsrooms carry it. Addresses
// are compared only inside a bucket (the same domain for `local`, the same local part for
// `domain`), in spelling order, each with at most the next 25 representatives: a bucket like
// gmail.com or info@ holds thousands, and comparing every pair there would be quadratic. A slip
// in the first letters of a large bucket can therefore stay unfound; in a bucket of up to 26
// addresses every pair is compared. Pure: the caller loads the addresses and leaves out those
// that say nothing (agency, unreadable).

/** Spec 8: how many representatives each address is compared with, per bucket. */
export const SIMILARITY_REPRESENTATIVES = 25;

export interface AddressRepresentative {
  /** Normalized (trimmed, lower-cased) and readable. */
  email: string;
  local: string;
  domain: string;
}

export type SimilarityKind = "local" | "domain";

export interface SimilarAddressPair {
  /** The two addresses, `a` before `b` in spelling order. */
  a: string;
  b: string;
  kind: SimilarityKind;
  /** Edit distance of the differing part (for another top-level domain: of the whole domain). */
  distance: number;
}

/** The domain without its last label: "mueller-bau" of "mueller-bau.de". */
const withoutTld = (domain: string) => domain.slice(0, domain.lastIndexOf("."));

/** How far apart two local parts may be: one slip, two for long ones; none for short ones. */
function localAllowance(a: string, b: string, domain: string): number {
  const shorter = Math.min(a.length, b.length);
  // At free-mail providers a short name one letter away is mostly another person.
  const minimum = CONSUMER_MAIL_DOMAINS.has(domain) ? 6 : 4;
  if (shorter < minimum) return 0;
  return shorter >= 10 ? 2 : 1;
}

/** The same for domains, judged by the name before the top-level domain ("abc" of abc.de is short). */
function domainAllowance(a: string, b: string): number {
  const shorter = Math.min(withoutTld(a).length, withoutTld(b).length);
  if (shorter < 5) return 0;
  return shorter >= 10 ? 2 : 1;
}

/**
 * Levenshtein distance of two strings, or `max + 1` as soon as it is certain to exceed `max`
 * (the length difference alone, or a row whose smallest value is past it).
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return Math.min(prev[b.length]!, max + 1);
}

function groupBy(items: readonly AddressRepresentative[], key: (r: AddressRepresentative) => string): AddressRepresentative[][] {
  const buckets = new Map<string, AddressRepresentative[]>();
  for (const item of items) {
    const k = key(item);
    const bucket = buckets.get(k);
    if (bucket) bucket.push(item);
    else buckets.set(k, [item]);
  }
  return [...buckets.values()].filter((b) => b.length > 1);
}

/** Every bucket in spelling order of `part`, each entry with at most `window` that follow it. */
function* neighbours(buckets: AddressRepresentative[][], part: (r: AddressRepresentative) => string, window: number) {
  for (const bucket of buckets) {
    bucket.sort((x, y) => (part(x) < part(y) ? -1 : part(x) > part(y) ? 1 : 0));
    for (let i = 0; i < bucket.length; i++) {
      for (let j = i + 1; j <= Math.min(i + window, bucket.length - 1); j++) yield [bucket[i]!, bucket[j]!] as const;
    }
  }
}

const pair = (x: AddressRepresentative, y: AddressRepresentative, kind: SimilarityKind, distance: number): SimilarAddressPair =>
  x.email < y.email ? { a: x.email, b: y.email, kind, distance } : { a: y.email, b: x.email, kind, distance };

/** The likely duplicates among distinct addresses, closest first. */
export function similarAddressPairs(
  representatives: readonly AddressRepresentative[],
  window = SIMILARITY_REPRESENTATIVES,
): SimilarAddressPair[] {
  const unique = [...new Map(representatives.map((r) => [r.email, r])).values()];
  const pairs: SimilarAddressPair[] = [];

  for (const [x, y] of neighbours(
    groupBy(unique, (r) => r.domain),
    (r) => r.local,
    window,
  )) {
    const max = localAllowance(x.local, y.local, x.domain);
    if (max === 0) continue;
    const distance = boundedEditDistance(x.local, y.local, max);
    if (distance <= max) pairs.push(pair(x, y, "local", distance));
  }

  for (const [x, y] of neighbours(
    groupBy(unique, (r) => r.local),
    (r) => r.domain,
    window,
  )) {
    // Two free-mail providers with the same name are two mailboxes (max@gmx.de, max@gmx.net).
    if (CONSUMER_MAIL_DOMAINS.has(x.domain) && CONSUMER_MAIL_DOMAINS.has(y.domain)) continue;
    const otherTld = withoutTld(x.domain) === withoutTld(y.domain) && withoutTld(x.domain).length >= 3;
    const max = domainAllowance(x.domain, y.domain);
    const distance = boundedEditDistance(x.domain, y.domain, otherTld ? Number.MAX_SAFE_INTEGER : max);
    if (otherTld || (max > 0 && distance <= max)) pairs.push(pair(x, y, "domain", distance));
  }

  return pairs.sort((p, q) => p.distance - q.distance || (p.a < q.a ? -1 : p.a > q.a ? 1 : p.b < q.b ? -1 : p.b > q.b ? 1 : 0));
}
