// Runs once when a server instance starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getConfig } = await import("@/lib/config");
  const config = getConfig();
  // Every per-client throttle needs an address nobody outside can choose (docs/security.md).
  const { assertClientAddressSource } = await import("@/lib/security/client-ip");
  assertClientAddressSource(config);
  if (config.observability.sentryDsn) {
    const Sentry = await import("@sentry/nextjs");
    const { setErrorReporter } = await import("@/lib/http/problem");
    // No personal data by default; expected (4xx) errors never reach the reporter.
    Sentry.init({ dsn: config.observability.sentryDsn, environment: config.observability.sentryEnvironment, release: config.app.version, sendDefaultPii: false });
    setErrorReporter((err, { requestId, level }) => void Sentry.captureException(err, { level, tags: { requestId } }));
  }
  // Public answers are cached only while this process follows committed invalidations.
  const { startInvalidationPoller } = await import("@/lib/cache/invalidation-poller");
  await startInvalidationPoller().catch((err) => console.warn("cache: not following invalidations, answers stay uncached:", err instanceof Error ? err.message.split("\n").at(-1) : err));
  // Without Inngest, scheduled jobs and queued work run inside this process.
  if (!config.jobs.inngestEventKey) {
    const { startLocalScheduler } = await import("@/lib/jobs/local-scheduler");
    startLocalScheduler();
  }
}
