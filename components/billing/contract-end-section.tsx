import { FormActions } from "@/components/ui/form-actions";
import { LinkButton } from "@/components/ui/link-button";
import type { BillingPageView } from "@/lib/adapters/dashboard/billing-page";

/**
 * Ending a contract, last on the billing page and quiet: what notice and withdrawal do is said
 * before the links to their confirmation pages (§312k BGB: "Verträge hier kündigen").
 */
export function ContractEndSection({ end }: { end: NonNullable<BillingPageView["contractEnd"]> }) {
  return (
    <section className="billing-section" aria-labelledby="contract-end-heading">
      <h2 id="contract-end-heading">Vertrag beenden</h2>
      {end.cancellation ? <p>{end.cancellation}</p> : <p className="meta">Ihr Paket ist bereits gekündigt.</p>}
      {end.withdrawal ? <p>{end.withdrawal}</p> : null}
      <FormActions>
        {end.cancellation ? (
          <LinkButton href="/dashboard/billing/cancel" variant="danger-quiet">
            Verträge hier kündigen
          </LinkButton>
        ) : null}
        {end.withdrawal ? (
          <LinkButton href="/dashboard/billing/withdrawal" variant="danger-quiet">
            Widerruf erklären
          </LinkButton>
        ) : null}
      </FormActions>
    </section>
  );
}
