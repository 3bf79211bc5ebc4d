import type { Edition } from "@/lib/domains/sites/sites";
import { LandingPlanCards } from "./landing-plans";
import { LandingPortalCard, type LandingPortal } from "./landing-portals";
import type { LandingPlan } from "./plans";
import { LANDING_TEXTS } from "./texts";

// The hub's front page: what Pressdesk does for a press office, how publishing works, what it
// costs. Pure presentation, rendered to static HTML (react-dom/server) without any client script:
// synchronous, no hooks, plain links, everything from props. The styles are ./landing.css
// (classes `landing-*`, tokens of app/tokens.css only); the route adds the stylesheet.

export type { LandingCover, LandingPortal, LandingRelease } from "./landing-portals";
export type { LandingPlan } from "./plans";

export interface HubLandingProps {
  /** The page's language: German ("de", first) or English ("en"). */
  edition: Edition;
  /** The plans from the price list: `landingPlans(edition)` (./plans.ts). */
  plans: readonly LandingPlan[];
  /** Both portals with their names, taglines, edition homes and latest releases. */
  portals: readonly LandingPortal[];
  /** Registration; each plan links here with `?plan=<id>` added. */
  registerHref: string;
  signInHref: string;
  apiDocsHref: string;
  /** The note under the prices (net, VAT): `landingPricesNote(edition)` (./plans.ts). */
  pricesNote: string;
}

const IDS = {
  hero: "landing-hero-title",
  steps: "landing-steps-title",
  features: "landing-features-title",
  prices: "landing-prices-title",
  api: "landing-api-title",
  faq: "landing-faq-title",
  portals: "landing-portals-title",
  closing: "landing-closing-title",
} as const;

export function HubLanding({ edition, plans, portals, registerHref, signInHref, apiDocsHref, pricesNote }: HubLandingProps) {
  const t = LANDING_TEXTS[edition];
  const list = new Intl.ListFormat(t.locale, { style: "long", type: "conjunction" });
  const apiPlanNames = list.format(plans.filter((p) => p.apiAccess).map((p) => p.name));
  const cheapest = plans.length ? plans.reduce((a, b) => (a.monthlyNetCents <= b.monthlyNetCents ? a : b)).priceNet : null;
  return (
    <main id="main" className="landing" lang={edition}>
      <section className="landing-hero" aria-labelledby={IDS.hero}>
        <div className="landing-inner">
          <p className="landing-eyebrow">{t.hero.eyebrow}</p>
          <h1 id={IDS.hero} className="landing-title">
            {t.hero.title}
          </h1>
          <p className="landing-lead">{t.hero.lead}</p>
          <ul className="landing-points" aria-label={t.hero.pointsLabel} role="list">
            {t.hero.points(cheapest).map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <div className="landing-actions">
            <a className="landing-button landing-button-primary" href={registerHref}>
              {t.hero.register}
            </a>
            <p className="landing-signin">
              {t.hero.signInPrompt}{" "}
              <a className="landing-button landing-button-secondary" href={signInHref}>
                {t.hero.signIn}
              </a>
            </p>
          </div>
          <p className="landing-more">
            <a href="#landing-prices">{t.hero.seePrices}</a>
          </p>
        </div>
      </section>

      <section className="landing-section" aria-labelledby={IDS.steps}>
        <div className="landing-inner">
          <h2 id={IDS.steps}>{t.steps.title}</h2>
          <p className="landing-intro">{t.steps.intro}</p>
          <ol className="landing-steps">
            {t.steps.items.map((step) => (
              <li key={step.title} className="landing-card landing-step">
                <h3>{step.title}</h3>
                <p>{step.text}</p>
                {step.items ? (
                  <ul className="landing-checklist">
                    {step.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
                {step.after ? <p>{step.after}</p> : null}
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="landing-section landing-section-wash" aria-labelledby={IDS.features}>
        <div className="landing-inner">
          <h2 id={IDS.features}>{t.features.title}</h2>
          <p className="landing-intro">{t.features.intro}</p>
          <ul className="landing-features" role="list">
            {t.features.items.map((feature) => (
              <li key={feature.title} className="landing-card landing-feature">
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="landing-prices" className="landing-section" aria-labelledby={IDS.prices}>
        <div className="landing-inner">
          <h2 id={IDS.prices}>{t.prices.title}</h2>
          <p className="landing-intro">{t.prices.intro}</p>
          <LandingPlanCards edition={edition} plans={plans} registerHref={registerHref} />
          <p className="landing-note">{pricesNote}</p>
          <p className="landing-note">{t.prices.cancellation}</p>
        </div>
      </section>

      <section className="landing-section landing-section-wash" aria-labelledby={IDS.api}>
        <div className="landing-inner landing-api">
          <h2 id={IDS.api}>{t.api.title}</h2>
          <p>{t.api.text}</p>
          <ul className="landing-checklist">
            {t.api.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>{apiPlanNames ? t.api.included(apiPlanNames) : t.api.notIncluded}</p>
          <p>
            <a className="landing-button landing-button-secondary" href={apiDocsHref} hrefLang="en">
              {t.api.docs}
              {t.api.docsLanguage}
            </a>
          </p>
        </div>
      </section>

      <section className="landing-section" aria-labelledby={IDS.faq}>
        <div className="landing-inner landing-faq">
          <h2 id={IDS.faq}>{t.faq.title}</h2>
          {t.faq.items(apiPlanNames).map((item) => (
            <details key={item.question} className="landing-question">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="landing-section landing-section-wash" aria-labelledby={IDS.portals}>
        <div className="landing-inner">
          <h2 id={IDS.portals}>{t.portals.title}</h2>
          <p className="landing-intro">{t.portals.intro}</p>
          <div className="landing-portals">
            {portals.map((portal) => (
              <LandingPortalCard key={portal.key} edition={edition} portal={portal} />
            ))}
          </div>
        </div>
      </section>

      <section className="landing-section landing-closing" aria-labelledby={IDS.closing}>
        <div className="landing-inner">
          <h2 id={IDS.closing}>{t.closing.title}</h2>
          <p>{t.closing.text}</p>
          <div className="landing-actions">
            <a className="landing-button landing-button-primary" href={registerHref}>
              {t.closing.register}
            </a>
            <p className="landing-signin">
              {t.closing.signInPrompt}{" "}
              <a className="landing-button landing-button-secondary" href={signInHref}>
                {t.closing.signIn}
              </a>
            </p>
          </div>
        </div>
      </section>
    </main>
  );
}
