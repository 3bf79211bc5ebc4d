import { findTokenOwner, hasApiAccess } from "@/lib/api-tokens/tokens";
import { AppError } from "@/lib/http/errors";
import { registerAuthResolver, type Principal } from "@/lib/http/route";

/**
 * Bearer tokens for v1 and /service (spec 5.1–5.2). Every request also checks the account's
 * API access: without a booking that grants it the answer is 403, and the same tokens work
 * again after a new booking.
 */
export async function resolveApiToken(request: Request): Promise<Principal> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError("unauthenticated", "Send an API token as 'Authorization: Bearer <token>'.", undefined, undefined, { "WWW-Authenticate": 'Bearer realm="api"' });
  const owner = await findTokenOwner(match[1]!);
  if (!owner) throw new AppError("unauthenticated", "The API token is unknown or expired.", undefined, undefined, { "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"' });
  if (!(await hasApiAccess(owner.userId))) throw new AppError("api_access_missing", "This account has no API access. Book a plan with API access; your tokens work again afterwards.");
  return { kind: "token", id: owner.limitKey, userId: owner.userId, tokenId: owner.tokenId };
}

registerAuthResolver("token", resolveApiToken);
