import "./auth";
import type { Principal } from "@/lib/core/http/route";

/** The user behind a token-authenticated request; the wrapper guarantees one is there. */
export function userIdOf(ctx: { principal: Principal | null }): number {
  if (!ctx.principal) throw new Error("token route without principal");
  return ctx.principal.userId;
}
