import { db } from "@/lib/core/db/client";
import type { LoginEvent, LoginFailureReason } from "@/lib/generated/prisma/client";
import { ipHmac } from "@/lib/core/security/client-ip";
import { bestEffort } from "./best-effort";

export interface LoginHistoryEntry {
  userId?: number | null;
  event: LoginEvent;
  reason?: LoginFailureReason | null;
  method?: string | null;
  entryPoint?: string | null;
  /** The client's address; stored only as its versioned HMAC. */
  ip: string;
  createdAt?: Date;
}

/** Appends rows to the login history (spec 6.1), best-effort like the activity log. */
export async function recordLoginHistory(...entries: LoginHistoryEntry[]): Promise<void> {
  await bestEffort("login history write", () =>
    db.loginHistory.createMany({
      data: entries.map(({ ip, ...e }) => {
        const h = ipHmac(ip);
        return {
          userId: e.userId ?? null,
          event: e.event,
          reason: e.reason ?? null,
          method: e.method ?? null,
          entryPoint: e.entryPoint ?? null,
          ipHmac: h.value,
          ipHmacKeyVersion: h.keyVersion,
          ...(e.createdAt ? { createdAt: e.createdAt } : {}),
        };
      }),
    }),
  );
}
