// One error type for the whole service and one table from its codes to HTTP statuses. The
// table is keyed by the code union, so a new code without a status does not compile.

export const ERROR_STATUS = {
  bad_request: 400,
  forged_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  identity_proof_required: 403,
  api_access_missing: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  quota_exceeded: 409,
  manual_review_required: 409,
  stale_classification: 409,
  image_rights_confirmation_required: 409,
  boost_sold_out: 409,
  insufficient_credits: 409,
  change_not_allowed: 409,
  gone: 410,
  payload_too_large: 413,
  // The request names a host this server does not answer for (outside strict mode: DNS rebinding).
  misdirected_request: 421,
  // Not a registered status, but the spec's (7) and the usual one for a page that outlived its session.
  page_expired: 419,
  unsupported_media_type: 415,
  validation_failed: 422,
  legal_acceptance_required: 428,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ValidationIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly issues?: ValidationIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

// The spec's named exceptions: business outcomes, not failures of the service.
export class QuotaExceededException extends AppError {
  override name = "QuotaExceededException";
  constructor(message = "The monthly publication quota is used up.", details?: Record<string, unknown>) {
    super("quota_exceeded", message, details);
  }
}

export class ManualReviewRequiredException extends AppError {
  override name = "ManualReviewRequiredException";
  constructor(message = "This release must be reviewed by a person before publication.") {
    super("manual_review_required", message);
  }
}

export class StaleClassificationException extends AppError {
  override name = "StaleClassificationException";
  constructor(message = "The text changed since its last check; a new check has been scheduled.") {
    super("stale_classification", message);
  }
}

export class ImageRightsConfirmationRequiredException extends AppError {
  override name = "ImageRightsConfirmationRequiredException";
  constructor(message = "Every image needs a valid rights confirmation before publication.", details?: Record<string, unknown>) {
    super("image_rights_confirmation_required", message, details);
  }
}

export class BoostSoldOutError extends AppError {
  override name = "BoostSoldOutError";
  constructor(earliestFreeDate: string) {
    super("boost_sold_out", `No boost slot is free before ${earliestFreeDate}.`, { earliestFreeDate });
  }
}

export class InsufficientCreditsError extends AppError {
  override name = "InsufficientCreditsError";
  constructor(needed: number, balance: number) {
    super("insufficient_credits", `This needs ${needed} credits; the newsroom has ${balance}.`, { needed, balance });
  }
}

/**
 * A page's request whose session cookie no longer opens a session (signed out elsewhere, expired,
 * revoked, keys rotated): the spec's 419, counted as the `page_expired` signal (lib/core/http/problem.ts).
 * A request without any session cookie is plainly unauthenticated (401).
 */
export class SessionExpiredError extends AppError {
  override name = "SessionExpiredError";
  constructor() {
    super("page_expired", "The session of this page has ended. Sign in again.");
  }
}

export const notFound = (message = "Not found.") => new AppError("not_found", message);
export const gone = (message = "This content has been removed.") => new AppError("gone", message);
export const forbidden = (message = "You are not allowed to do this.") => new AppError("forbidden", message);
