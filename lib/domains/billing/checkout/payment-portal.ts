import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { getPaymentProvider } from "@/lib/domains/billing/provider";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { hubUrl } from "@/lib/domains/sites/urls";

/**
 * The provider's page for the payment method and receipts; only for accounts that paid by card
 * before, and only for the customer in person: not for staff acting in the session (`acting`).
 */
export async function openPaymentPortal(userId: number, opts: { acting?: Acting } = {}): Promise<string> {
  assertNotImpersonating(opts.acting, "billing");
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } });
  if (!user.stripeCustomerId) throw new AppError("conflict", "Es ist noch keine Zahlungsmethode hinterlegt.");
  return getPaymentProvider().customerPortalUrl(user.stripeCustomerId, hubUrl("/dashboard/billing"));
}
