import { ActionButton } from "@/components/ui/action-button";
import type { ActionResult } from "@/lib/core/forms/action-result";
import { formatEuro } from "@/lib/domains/billing/money";
import { PLANS } from "@/lib/domains/prices/catalog";

type BookAction = (planId: string, prev: ActionResult | null, form: FormData) => Promise<ActionResult>;

/** The price list as cards to book from, for an account without a running plan. */
export function PlanCards({ book }: { book: BookAction }) {
  return (
    <div className="plan-cards">
      {Object.values(PLANS).map((plan) => (
        <div className="plan-card" key={plan.id}>
          <h3>{plan.name}</h3>
          <p className="plan-price">
            {formatEuro(plan.monthlyNetCents)} <small className="meta">netto / Monat</small>
          </p>
          <p>{plan.summary.de}</p>
          <ul>
            <li>{plan.monthlyReleaseQuota} Veröffentlichungen im Monat</li>
            <li>{plan.apiAccess ? "API-Zugang inklusive" : "ohne API-Zugang"}</li>
            <li>monatlich kündbar</li>
          </ul>
          <ActionButton action={book.bind(null, plan.id)} label={`${plan.name} buchen`} variant="primary" />
        </div>
      ))}
    </div>
  );
}
