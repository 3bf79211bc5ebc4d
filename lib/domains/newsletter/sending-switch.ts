import { getConfig } from "@/lib/core/config";
import { NewsletterSendingDisabledError } from "./errors";

export function isNewsletterSendingEnabled(): boolean {
  return getConfig().newsletter.sendingEnabled;
}

/** The one check start, resume and the send job make first (spec 8: the switch blocks all three). */
export function assertNewsletterSendingEnabled(): void {
  if (!isNewsletterSendingEnabled()) throw new NewsletterSendingDisabledError();
}
