import type { ErrorCode } from "@/lib/core/errors/errors";

/** The test checkout's refusals as the page and its buttons word them. */
export const CHECKOUT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  unauthenticated: "Bitte melden Sie sich mit dem Konto an, das diese Testzahlung geöffnet hat.",
  forbidden: "Diese Testzahlung wurde von einem anderen Konto geöffnet. Melden Sie sich mit diesem Konto an, um sie zu bezahlen.",
  not_found: "Diese Testzahlung gibt es nicht.",
  conflict: "Diese Zahlung ist nicht mehr offen.",
};
