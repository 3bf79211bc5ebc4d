import { afterResponse } from "@/lib/core/http/after-response";
import type { HealthReport } from "./health";
import { watchOperations } from "./watch-operations";

// GET /health is what the uptime monitor calls every minute or so, from outside: if the
// scheduler (and with it the ops/watch schedule) is dead, this call still runs the watch, so a
// silent scheduler is reported by mail and push, not only by a 503 somebody has to look at.
// At most once a minute per process, after the response, reusing the report just made.

export const HEALTH_WATCH_INTERVAL_MS = 60_000;
let lastStartedAt = Number.NEGATIVE_INFINITY;

/** Starts the watch after this response unless this process started one within the last minute; true when started. */
export function watchAfterHealthCheck(report: HealthReport, now = Date.now()): boolean {
  if (now - lastStartedAt < HEALTH_WATCH_INTERVAL_MS) return false;
  lastStartedAt = now;
  afterResponse(async () => {
    await watchOperations({ report }).catch((err: unknown) => console.error("operations watch after /health:", err));
  });
  return true;
}
