import type { EventHint, NodeOptions } from "@sentry/nextjs";
import type { Config } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors/errors";
import { scrubBreadcrumb, scrubEvent } from "./scrub-event";

/** Next's control flow (notFound, redirect, forbidden, bailouts) travels as errors with these digests. */
const NEXT_CONTROL_FLOW =
  /^(?:NEXT_REDIRECT|NEXT_NOT_FOUND|NEXT_HTTP_ERROR_FALLBACK|DYNAMIC_SERVER_USAGE|BAILOUT_TO_CLIENT_SIDE_RENDERING|NEXT_PRERENDER_INTERRUPTED|HANGING_PROMISE_REJECTION)/;

/** Outcomes the service answers on purpose (a 4xx, a redirect, a 404 page): never an error report. */
export function isExpectedError(err: unknown): boolean {
  if (err instanceof AppError) return err.status < 500;
  const digest = (err as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && NEXT_CONTROL_FLOW.test(digest);
}

/**
 * The error tracker's options, for every runtime that starts it (instrumentation.ts, the tests):
 * the release is the application version (spec 9), no personal data by default, and every
 * event, transaction and breadcrumb passes the privacy filter (scrub-event.ts).
 */
export function sentryOptions(config: Pick<Config, "app" | "observability">): NodeOptions {
  const { sentryDsn, sentryEnvironment, sentryTracesSampleRate } = config.observability;
  return {
    dsn: sentryDsn,
    environment: sentryEnvironment,
    release: config.app.version,
    sendDefaultPii: false,
    ...(sentryTracesSampleRate > 0 ? { tracesSampleRate: sentryTracesSampleRate } : {}),
    beforeSend: (event, hint: EventHint) => (isExpectedError(hint.originalException) ? null : scrubEvent(event)),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  };
}
