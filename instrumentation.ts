import type { Instrumentation } from "next";
import { whenDatabaseUnavailable } from "@/lib/db/unavailable";
import { errorSummary } from "@/lib/error-summary";

// Runs once when a server instance starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getConfig } = await import("@/lib/config");
  const config = getConfig();
  // Every per-client throttle needs an address nobody outside can choose (docs/security.md).
  const { assertClientAddressSource } = await import("@/lib/security/client-ip");
  assertClientAddressSource(config);
  // The error tracker, behind its privacy filter (lib/observability/sentry). Middleware runs on
  // Node too (middleware.ts), so there is no edge runtime to start it in.
  if (config.observability.sentryDsn) {
    const { installSentry } = await import("@/lib/observability/sentry/install-sentry");
    await installSentry(config);
  }
  // Release lifecycle events reach their listeners (mails, …) right after each transition
  // commits; the local checkout reaches the webhook receiver.
  await import("@/lib/runtime/start");
  // Public answers are cached only while this process follows committed invalidations.
  const { startInvalidationPoller } = await import("@/lib/cache/invalidation-poller");
  await startInvalidationPoller().catch((err) => console.warn("cache: not following invalidations, answers stay uncached:", errorSummary(err)));
  // Without Inngest, scheduled jobs and queued work run inside this process.
  if (!config.jobs.inngestEventKey) {
    const { startLocalScheduler } = await import("@/lib/jobs/local-scheduler");
    startLocalScheduler();
  }
}

/** Errors that escape a page or server action (the route wrapper answers its own) go to the error tracker, if one runs. */
export const onRequestError: Instrumentation.onRequestError = async (err, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Noted before anything is awaited, so our server answers this page's 500 as a 503; an outage
  // of the database is told by health, not by an error report per request.
  if (whenDatabaseUnavailable(err)) return;
  const { getConfig } = await import("@/lib/config");
  if (!getConfig().observability.sentryDsn) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.captureRequestError(err, request, context);
};
