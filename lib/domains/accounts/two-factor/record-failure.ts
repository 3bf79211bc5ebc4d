import { recordLoginHistory } from "@/lib/domains/activity/login-history";

/** Login history row `two_factor_failed` (spec 6.1); never changes the answer. */
export async function recordSecondFactorFailure(opts: {
  userId: number;
  method: "totp" | "recovery_code" | null;
  entryPoint: string;
  ip?: string;
}): Promise<void> {
  await recordLoginHistory({
    userId: opts.userId,
    event: "two_factor_failed",
    method: opts.method,
    entryPoint: opts.entryPoint,
    ip: opts.ip ?? "unknown",
  });
}
