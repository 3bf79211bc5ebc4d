import { getConfig } from "@/lib/core/config";
import { bearerMatches } from "@/lib/core/security/bearer";

/** True when the Authorization header carries the configured health token as a bearer token. */
export function isHealthTokenValid(authorization: string | null): boolean {
  return bearerMatches(authorization, getConfig().security.healthToken);
}
