import { AppError } from "@/lib/core/errors/errors";

/** NEWSLETTER_SENDING_ENABLED is off: start, resume and the send job refuse (spec 8). */
export class NewsletterSendingDisabledError extends AppError {
  override name = "NewsletterSendingDisabledError";
  constructor() {
    super("service_unavailable", "Newsletter sending is switched off (NEWSLETTER_SENDING_ENABLED).");
  }
}

/** The campaign is not in the state the operation needs (edit a sent one, start twice, resume a draft). */
export class CampaignStateError extends AppError {
  override name = "CampaignStateError";
  constructor(message: string, details?: Record<string, unknown>) {
    super("conflict", message, details);
  }
}

/** A start whose filter matches nobody: the campaign stays a draft. */
export class NoRecipientsError extends AppError {
  override name = "NoRecipientsError";
  constructor() {
    super("validation_failed", "The recipient filter matches no confirmed subscriber.", undefined, [
      { path: "filter", message: "Kein bestätigter Abonnent passt zu diesem Filter." },
    ]);
  }
}

/** A confirmation link that is malformed, unknown, expired or already used: one answer for all. */
export class NewsletterConfirmLinkInvalidError extends AppError {
  override name = "NewsletterConfirmLinkInvalidError";
  constructor() {
    super("not_found", "This confirmation link is invalid, expired or already used.");
  }
}
