import type { NodeOptions } from "@sentry/nextjs";
import type { Config } from "@/lib/core/config";
import { installErrorTracker, type Signal } from "@/lib/core/http/problem";
import { sentryOptions } from "./options";
import { signalThrottle } from "./signal-throttle";

const LEVEL: Record<Signal["name"], "warning" | "info"> = { page_expired: "warning", throttled: "warning", access_refused: "info" };

/**
 * Starts the error tracker with the one set of options (options.ts) and makes it the service's
 * error reporter: unexpected errors as exceptions, signals as throttled messages grouped by kind,
 * status and route pattern (signal-throttle.ts). `overrides` is for the tests' local transport; production passes none.
 */
export async function installSentry(config: Pick<Config, "app" | "observability">, overrides: Partial<NodeOptions> = {}): Promise<void> {
  const Sentry = await import("@sentry/nextjs");
  Sentry.init({ ...sentryOptions(config), ...overrides });
  const throttle = signalThrottle(config.observability.sentrySignalsPerMinute);
  installErrorTracker({
    reporter: (err, { requestId, level }) => void Sentry.captureException(err, { level, tags: { requestId } }),
    signal: (signal) => {
      const fingerprint = [signal.name, String(signal.status), signal.route];
      const taken = throttle.take(signal.name, fingerprint.join(" "));
      if (!taken.ok) return;
      Sentry.captureMessage(`${signal.name} ${signal.status} ${signal.route}`, {
        level: LEVEL[signal.name],
        fingerprint,
        tags: { signal: signal.name, status: String(signal.status), route: signal.route },
        ...(taken.suppressed ? { extra: { suppressedSinceLast: taken.suppressed } } : {}),
      });
    },
  });
}
