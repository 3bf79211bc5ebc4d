import { db } from "@/lib/db/client";
import { ipHmac } from "@/lib/security/client-ip";

/**
 * Login history row `two_factor_failed` (spec 6.1), IP only as its versioned HMAC. Best-effort
 * like the activity log: a failed write is logged and never changes the answer.
 */
export async function recordSecondFactorFailure(opts: { userId: number; method: "totp" | "recovery_code" | null; entryPoint: string; ip?: string }): Promise<void> {
  const ip = ipHmac(opts.ip ?? "unknown");
  try {
    await db.loginHistory.create({
      data: { userId: opts.userId, event: "two_factor_failed", method: opts.method, entryPoint: opts.entryPoint, ipHmac: ip.value, ipHmacKeyVersion: ip.keyVersion },
    });
  } catch (err) {
    console.warn("login history write failed:", err instanceof Error ? err.message.trim().split("\n").at(-1) : err);
  }
}
