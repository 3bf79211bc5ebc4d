import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { payableChangeOrThrow } from "@/lib/domains/paid-changes/payable-change";
import { requestPaidChange, type RequestPaidChangeOptions } from "@/lib/domains/paid-changes/request-paid-change";

// The paid change from the customer's release page (spec 4.5): the check of the changed text,
// then the checkout of its payment. Paying for a change is the customer's own decision: staff
// acting in the customer's session (`acting`, support access) are refused before the text is
// checked or a change is stored (startCheckout refuses them as well).

/** Checks the changed text and, yellow or green, opens the checkout of its payment. */
export async function checkoutPaidChange(
  opts: Pick<RequestPaidChangeOptions, "userId" | "releaseId" | "title" | "lead" | "body"> & { acting?: Acting },
): Promise<{ url: string }> {
  assertNotImpersonating(opts.acting, "billing");
  const { changeId } = await requestPaidChange({
    userId: opts.userId,
    releaseId: opts.releaseId,
    title: opts.title,
    lead: opts.lead,
    body: opts.body,
  });
  const { url } = await startCheckout({ purpose: "change", userId: opts.userId, changeId, acting: opts.acting });
  return { url };
}

/** Back to the payment of a change that was checked and is still waiting for it. */
export async function checkoutPendingChange(opts: { userId: number; changeId: number; acting?: Acting }): Promise<{ url: string }> {
  assertNotImpersonating(opts.acting, "billing");
  await payableChangeOrThrow({ userId: opts.userId, changeId: opts.changeId });
  const { url } = await startCheckout({ purpose: "change", userId: opts.userId, changeId: opts.changeId, acting: opts.acting });
  return { url };
}
