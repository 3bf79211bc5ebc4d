import Link from "next/link";
import { Fragment } from "react";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import type { ActionResult } from "@/lib/core/forms/action-result";
import type { BillingPageView } from "@/lib/adapters/dashboard/billing-page";
import type { PlanFactsView } from "@/lib/adapters/dashboard/billing-plan-facts";

type Action = (prev: ActionResult | null, form: FormData) => Promise<ActionResult | null>;

function PlanPanel({ plan }: { plan: PlanFactsView }) {
  return (
    <div className="panel">
      <h3>
        {plan.heading} <Badge tone={plan.state.tone}>{plan.state.text}</Badge>
      </h3>
      <dl className="facts">
        {plan.facts.map((f) => (
          <Fragment key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </Fragment>
        ))}
      </dl>
      {plan.note ? <p className="meta">{plan.note}</p> : null}
    </div>
  );
}

/** The billing facts at the top of the page: plans with their state, the month's quota, payment method and invoice address. */
export function PlanSummary({ view, managePayment }: { view: BillingPageView; managePayment: Action }) {
  const { quota } = view;
  return (
    <>
      {view.plans.length ? (
        view.plans.map((plan) => <PlanPanel key={plan.agreementId} plan={plan} />)
      ) : (
        <p>Sie haben noch kein Paket. Mit einem Paket veröffentlichen Sie Pressemitteilungen auf unseren Portalen.</p>
      )}
      <dl className="facts">
        <dt>Diesen Monat veröffentlicht</dt>
        <dd>
          <strong>{quota.used}</strong> von {quota.limit}
          <div className="quota-bar" role="img" aria-label={`${quota.percent} % des Kontingents genutzt`}>
            <span style={{ width: `${quota.percent}%` }} />
          </div>
        </dd>
        <dt>Rechnungsadresse</dt>
        <dd>
          {view.billingAddress}{" "}
          <Link href="/dashboard/billing/settings">
            Ändern<span className="visually-hidden"> (Rechnungsadresse)</span>
          </Link>
        </dd>
        {view.paymentNote ? (
          <>
            <dt>Zahlungsmethode</dt>
            <dd>{view.paymentNote}</dd>
          </>
        ) : null}
      </dl>
      {view.canManagePayment ? <ActionButton action={managePayment} label="Karte und Quittungen verwalten" /> : null}
    </>
  );
}
