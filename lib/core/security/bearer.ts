import { createHash, timingSafeEqual } from "node:crypto";

/** True when the Authorization header carries `expected` as a bearer token (an empty `expected` matches nothing). */
export function bearerMatches(authorization: string | null, expected: string | undefined): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  if (!given || !expected) return false;
  // Digests of equal length: the comparison takes the same time whatever was sent.
  return timingSafeEqual(createHash("sha256").update(given).digest(), createHash("sha256").update(expected).digest());
}
