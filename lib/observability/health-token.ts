import { createHash, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/config";

/** True when the Authorization header carries the configured health token as a bearer token. */
export function isHealthTokenValid(authorization: string | null): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  const expected = getConfig().security.healthToken;
  if (!match?.[1] || !expected) return false;
  // Compare digests so the comparison takes the same time whatever the lengths.
  const a = createHash("sha256").update(match[1]).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}
