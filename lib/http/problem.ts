import { ZodError } from "zod";
import { AppError, type ValidationIssue } from "./errors";

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    requestId: string;
    issues?: ValidationIssue[];
    details?: Record<string, unknown>;
  };
}

type Reporter = (err: unknown, context: { requestId: string }) => void;
let reporter: Reporter = (err, { requestId }) => console.error(`[${requestId}] unexpected error:`, err);

/** Where unexpected (5xx) errors go; the error tracker installs itself here. */
export function setErrorReporter(fn: Reporter): void {
  reporter = fn;
}

export function zodIssues(err: ZodError): ValidationIssue[] {
  return err.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

/** Any thrown value as an AppError; unknown errors become a generic 500 and are reported. */
export function toAppError(err: unknown, requestId: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return new AppError("validation_failed", "The request is not valid.", undefined, zodIssues(err));
  if (err instanceof SyntaxError) return new AppError("bad_request", "The request body is not valid JSON.");
  reporter(err, { requestId });
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

export function toErrorResponse(err: unknown, requestId: string, extraHeaders: Record<string, string> = {}): Response {
  const appError = toAppError(err, requestId);
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
