import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors/errors";
import { localProvider } from "./local-provider";
import { stripeProvider } from "./stripe-provider";
import type { PaymentProvider } from "./types";

export type { CardSummary, CheckoutLine, CheckoutOrder, CheckoutPurpose, PaymentProvider } from "./types";

/**
 * Stripe when its key is configured; the local checkout on the embedded default, development
 * and tests. A public deployment without Stripe keys takes no payments at all (503), since the
 * local checkout would hand out plans for nothing.
 */
export function getPaymentProvider(): PaymentProvider {
  const billing = getConfig().billing;
  if (billing.stripeSecretKey) return stripeProvider;
  if (billing.localCheckout) return localProvider;
  throw new AppError("service_unavailable", "Payments are not configured on this installation (STRIPE_SECRET_KEY).");
}
