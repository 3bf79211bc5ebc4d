import { getPaymentProvider, type CardSummary } from "@/lib/domains/billing/provider";
import { db } from "@/lib/core/db/client";

export type PaymentCardFacts =
  | { kind: "card"; card: CardSummary }
  /** The account pays by card, but the provider did not answer now (or has no card on file). */
  | { kind: "card_unknown" }
  /** The account never paid by card. */
  | { kind: "none" };

/**
 * The card the account pays with, read from the provider as its customer portal shows it. Only
 * for the billing page: a provider that does not answer makes it "unknown", never an error page.
 */
export async function loadPaymentCard(userId: number): Promise<PaymentCardFacts> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } });
  if (!user.stripeCustomerId) return { kind: "none" };
  try {
    const card = await getPaymentProvider().paymentCard(user.stripeCustomerId);
    return card ? { kind: "card", card } : { kind: "card_unknown" };
  } catch (err) {
    console.error(`billing page: the payment card of user ${userId} could not be read`, err);
    return { kind: "card_unknown" };
  }
}
