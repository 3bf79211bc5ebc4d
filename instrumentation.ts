import type { Instrumentation } from "next";
import { whenDatabaseUnavailable } from "@/lib/core/db/unavailable";
import { errorSummary } from "@/lib/core/errors/error-summary";

// Runs once when a server instance starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getConfig } = await import("@/lib/core/config");
  const config = getConfig();
  // Every per-client throttle needs an address nobody outside can choose (docs/security.md).
  const { assertClientAddressSource } = await import("@/lib/core/security/client-ip");
  assertClientAddressSource(config);
  // The error tracker, behind its privacy filter (lib/core/observability/sentry). Middleware runs on
  // Node too (middleware.ts), so there is no edge runtime to start it in.
  if (config.observability.sentryDsn) {
    const { installSentry } = await import("@/lib/core/observability/sentry/install-sentry");
    await installSentry(config);
  }
  // Release lifecycle events reach their listeners (mails, …) right after each transition
  // commits; the local checkout reaches the webhook receiver.
  await import("@/lib/runtime/start");
  // Public answers are cached only while this process follows committed invalidations.
  const { startInvalidationPoller } = await import("@/lib/adapters/public/invalidation-poller");
  await startInvalidationPoller().catch((err) =>
    console.warn("cache: not following invalidations, answers stay uncached:", errorSummary(err)),
  );
  // Without Inngest, scheduled jobs and queued work run inside this process.
  if (!config.jobs.inngestEventKey) {
    const { startLocalScheduler } = await import("@/lib/runtime/jobs/local-scheduler");
    startLocalScheduler();
  }
}

/** Errors that escape a page or server action (the route wrapper answers its own) go to the error tracker, if one runs. */
export const onRequestError: Instrumentation.onRequestError = async (err, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Noted before anything is awaited, so our server answers this page's 500 as a 503; an outage
  // of the database is told by health, not by an error report per request.
  if (whenDatabaseUnavailable(err)) return;
  const { getConfig } = await import("@/lib/core/config");
  if (!getConfig().observability.sentryDsn) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.captureRequestError(err, request, context);
};
