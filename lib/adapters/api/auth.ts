import { findTokenOwner, hasApiAccess } from "@/lib/domains/api-tokens/tokens";
import { AppError } from "@/lib/core/errors/errors";
import { registerAuthResolver, type Principal } from "@/lib/core/http/route";
import { failureBudget } from "@/lib/core/ratelimit/failure-budget";
import { clientKeyOf } from "@/lib/core/security/client-ip";

// Failed authentication is counted per client address (policy `apiAuthFailures`), only on
// failure. Once the budget is spent, every request from the address is answered 429 before its
// token is looked up, a valid token's too: telling a valid token apart would take the lookup the
// block exists to deny a guesser.
const authFailures = failureBudget(["apiAuthFailures"]);

async function refuseWhileBlocked(client: string): Promise<void> {
  const retryAfter = await authFailures.waitSeconds(client);
  if (retryAfter === null) return;
  throw new AppError("rate_limited", "Too many failed authentication attempts from this address. Try again later.", undefined, undefined, {
    "Retry-After": String(retryAfter),
  });
}

/** Counts the failure (blocking the address once the budget is spent) and returns the 401 to throw. */
async function authFailure(client: string, message: string, challenge: string): Promise<AppError> {
  await authFailures.countFailure(client);
  return new AppError("unauthenticated", message, undefined, undefined, { "WWW-Authenticate": challenge });
}

/**
 * Bearer tokens for v1 and /service (spec 5.1–5.2). Every request also checks the account's
 * API access: without a booking that grants it the answer is 403, and the same tokens work
 * again after a new booking.
 */
export async function resolveApiToken(request: Request): Promise<Principal> {
  const client = clientKeyOf(request.headers);
  await refuseWhileBlocked(client);
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw await authFailure(client, "Send an API token as 'Authorization: Bearer <token>'.", 'Bearer realm="api"');
  const owner = await findTokenOwner(match[1]!);
  if (!owner) throw await authFailure(client, "The API token is unknown or expired.", 'Bearer realm="api", error="invalid_token"');
  if (!(await hasApiAccess(owner.userId)))
    throw new AppError(
      "api_access_missing",
      "This account has no API access. Book a plan with API access; your tokens work again afterwards.",
    );
  return { kind: "token", id: owner.limitKey, userId: owner.userId, tokenId: owner.tokenId };
}

registerAuthResolver("token", resolveApiToken);
