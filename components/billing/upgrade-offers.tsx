import { ActionButton } from "@/components/ui/action-button";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { UpgradeOfferView } from "@/lib/adapters/dashboard/billing-plan-facts";

type UpgradeAction = (agreementId: number, planId: string, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/** Bigger plans the current one can move to: price, what each adds, and how the change is billed, before the checkout. */
export function UpgradeOffers({ offers, upgrade }: { offers: UpgradeOfferView[]; upgrade: UpgradeAction }) {
  return (
    <div className="plan-cards">
      {offers.map((offer) => (
        <div className="plan-card" key={offer.planId}>
          <h3>{offer.name}</h3>
          <p className="plan-price">{offer.price}</p>
          <ul>
            {offer.adds.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="meta">{offer.terms}</p>
          <ActionButton action={upgrade.bind(null, offer.agreementId, offer.planId)} label={offer.label} variant="primary" />
        </div>
      ))}
    </div>
  );
}
