import type { PlanId } from "@/lib/domains/prices/catalog";
import type { Edition } from "@/lib/domains/sites/sites";
import type { LandingPlan } from "./plans";
import { LANDING_TEXTS } from "./texts";

/** The plan cards: one article per plan with its heading, prices, quota, API access and a register link carrying `?plan=`. */
export function LandingPlanCards({
  edition,
  plans,
  registerHref,
}: {
  edition: Edition;
  plans: readonly LandingPlan[];
  registerHref: string;
}) {
  const t = LANDING_TEXTS[edition].prices;
  return (
    <ul className="landing-plans" role="list">
      {plans.map((plan) => {
        const titleId = `landing-plan-${plan.id}-title`;
        return (
          <li key={plan.id} className="landing-plan">
            <article className="landing-card landing-plan-card" aria-labelledby={titleId}>
              <h3 id={titleId} className="landing-plan-name">
                {plan.name}
              </h3>
              <p className="landing-plan-summary">{plan.summary}</p>
              <p className="landing-plan-price">
                <span className="landing-plan-amount">{plan.priceNet}</span> <span className="landing-plan-unit">{t.perMonthNet}</span>
              </p>
              <p className="landing-plan-gross">{t.gross(plan.priceGross)}</p>
              <dl className="landing-plan-facts">
                <div>
                  <dt>{t.quota}</dt>
                  <dd>{plan.monthlyReleaseQuota}</dd>
                </div>
                <div>
                  <dt>{t.apiAccess}</dt>
                  <dd>{plan.apiAccess ? t.yes : t.no}</dd>
                </div>
              </dl>
              <p className="landing-plan-action">
                <a className="landing-button landing-button-primary" href={planRegisterHref(registerHref, plan.id)}>
                  {t.start}
                  <span className="landing-visually-hidden">{t.startPlan(plan.name)}</span>
                </a>
              </p>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** The register link of one plan: `registerHref` with `plan=<id>` added to its query. */
export function planRegisterHref(registerHref: string, planId: PlanId): string {
  const [beforeHash = "", hash] = registerHref.split(/#(.*)/s, 2);
  const separator = beforeHash.includes("?") ? (beforeHash.endsWith("?") || beforeHash.endsWith("&") ? "" : "&") : "?";
  return `${beforeHash}${separator}plan=${encodeURIComponent(planId)}${hash === undefined ? "" : `#${hash}`}`;
}
