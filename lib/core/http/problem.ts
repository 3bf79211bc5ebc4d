import { ZodError } from "zod";
import { DATABASE_RETRY_AFTER_SECONDS, whenDatabaseUnavailable } from "@/lib/core/db/unavailable";
import { processSingleton } from "@/lib/core/process-singleton";
import { AppError, SessionExpiredError, type ValidationIssue } from "@/lib/core/errors/errors";
import { errorSummary } from "@/lib/core/errors/error-summary";

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    requestId: string;
    issues?: ValidationIssue[];
    details?: Record<string, unknown>;
  };
}

/** `error`: a fault of the service (answered 500). `warning`: a client value the edge should have refused. */
export type ReportLevel = "error" | "warning";
type Reporter = (err: unknown, context: { requestId: string; level: ReportLevel }) => void;

const defaultReporter: Reporter = (err, { requestId, level }) =>
  level === "error"
    ? console.error(`[${requestId}] unexpected error:`, err)
    : console.warn(`[${requestId}] client value refused by the database:`, errorSummary(err));

/**
 * An expected outcome worth counting in the error tracker (spec 7): `page_expired` is the spec's
 * 419 (a page outlived its session), `access_refused` and `throttled` are auth 403 and 429. No
 * personal data: the route is the handler's route pattern (`/api/v1/releases/[id]`), never the request's
 * path, so a client cannot mint new routes. The tracker throttles them per kind and route.
 */
export interface Signal {
  name: "page_expired" | "access_refused" | "throttled";
  status: number;
  route: string;
}
type SignalSink = (signal: Signal) => void;

// One per process: every route bundle has its own copy of this module (lib/process-singleton.ts),
// and the error tracker installs itself once, from instrumentation.
const reporting = processSingleton("error-reporter", () => ({
  reporter: defaultReporter,
  installed: defaultReporter,
  signal: null as SignalSink | null,
}));

/** The error tracker: unexpected errors and signals go to it from now on. */
export function installErrorTracker(tracker: { reporter: Reporter; signal: SignalSink }): void {
  reporting.installed = reporting.reporter = tracker.reporter;
  reporting.signal = tracker.signal;
}

/** Where unexpected errors go for a while (a test's spy); null restores the installed tracker. */
export function setErrorReporter(fn: Reporter | null): void {
  reporting.reporter = fn ?? reporting.installed;
}

export function reportError(err: unknown, context: { requestId: string; level?: ReportLevel }): void {
  reporting.reporter(err, { requestId: context.requestId, level: context.level ?? "error" });
}

/** Counts an expected outcome in the error tracker; without one, nothing happens (the answer says it all). */
export function reportSignal(signal: Signal): void {
  reporting.signal?.(signal);
}

/** Which answers of the route wrapper are signals: a page's ended session, every 403 and 429. */
function signalOf(err: AppError, route: string): Signal | null {
  if (err instanceof SessionExpiredError) return { name: "page_expired", status: 419, route };
  if (err.status === 403) return { name: "access_refused", status: 403, route };
  if (err.status === 429) return { name: "throttled", status: 429, route };
  return null;
}

export function zodIssues(err: ZodError): ValidationIssue[] {
  return err.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

/**
 * PostgreSQL codes that refuse a value as such: bad text (NUL, encoding), a number out of the
 * column's range, an unparsable literal, an index entry too large. They mean a client's value
 * slipped past the edge checks (lib/core/input), so the answer is 422, and the slip is reported.
 */
const VALUE_REFUSALS = new Set(["22021", "22P05", "22003", "22P02", "22007", "22008", "54000"]);

function databaseRefusedValue(err: unknown): boolean {
  const cause = (err as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta?.driverAdapterError?.cause;
  return typeof cause?.originalCode === "string" && VALUE_REFUSALS.has(cause.originalCode);
}

/** Any thrown value as an AppError; unknown errors become a generic 500 and are reported. */
export function toAppError(err: unknown, requestId: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return new AppError("validation_failed", "The request is not valid.", undefined, zodIssues(err));
  if (databaseRefusedValue(err)) {
    reportError(err, { requestId, level: "warning" });
    return new AppError("validation_failed", "A value in the request cannot be stored.");
  }
  // An outage of the database is no fault of the request: the client is told when to come back.
  if (whenDatabaseUnavailable(err)) {
    return new AppError("service_unavailable", "The service is briefly unavailable. Please try again shortly.", undefined, undefined, {
      "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  reportError(err, { requestId });
  return new AppError("internal", "Something went wrong on our side. Please try again later.");
}

export function errorBody(err: AppError, requestId: string): ErrorBody {
  return {
    error: {
      code: err.code,
      message: err.message,
      requestId,
      ...(err.issues?.length ? { issues: err.issues } : {}),
      ...(err.details ? { details: err.details } : {}),
    },
  };
}

/** `route`: the handler's route pattern, given by the route wrapper, whose answers may be signals. */
export function toErrorResponse(err: unknown, requestId: string, extraHeaders: Record<string, string> = {}, route?: string): Response {
  const appError = toAppError(err, requestId);
  const signal = route ? signalOf(appError, route) : null;
  if (signal) reportSignal(signal);
  return new Response(JSON.stringify(errorBody(appError, requestId)), {
    status: appError.status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": requestId,
      ...extraHeaders,
      ...appError.headers,
    },
  });
}
