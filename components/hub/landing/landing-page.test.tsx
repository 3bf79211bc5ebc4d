import { HtmlValidate } from "html-validate";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PLANS, VAT_RATE_PERCENT, vatOf } from "@/lib/domains/prices/catalog";
import { PORTAL_TAGLINES, PORTALS, SITE_NAMES, type Edition } from "@/lib/domains/sites/sites";
import { HubLanding, type LandingPortal } from "./landing-page";
import { planRegisterHref } from "./landing-plans";
import { landingPlans, landingPricesNote } from "./plans";

// The front page as the route renders it: static markup, no script. Prices are written out here
// by hand from the catalog's cents, so a change of the formatter cannot hide a wrong price.

const PUBLISHED = new Date("2026-03-02T23:30:00Z"); // 3 March in Berlin

function portals(edition: Edition, releases = true): LandingPortal[] {
  return PORTALS.map((portal) => ({
    key: portal,
    name: SITE_NAMES[portal],
    tagline: PORTAL_TAGLINES[portal][edition],
    editionHomes: { de: `https://${portal}.example/de`, en: `https://${portal}.example/en` },
    releases: releases
      ? [1, 2, 3, 4].map((n) => ({
          title: `Meldung ${n} auf ${portal} <&>`,
          href: `https://${portal}.example/de/pressemitteilung/meldung-${n}`,
          publishedAt: PUBLISHED,
          companyName: `Beispiel ${n} AG`,
          language: "de" as const,
          cover:
            n === 1
              ? {
                  src: `/media/img/${portal}-480.jpg`,
                  srcSet: `/media/img/${portal}-480.jpg 480w`,
                  width: 480,
                  height: 320,
                  alt: "Werkhalle",
                }
              : null,
        }))
      : [],
  }));
}

function render(edition: Edition, opts: { registerHref?: string; releases?: boolean } = {}): string {
  return renderToStaticMarkup(
    <HubLanding
      edition={edition}
      plans={landingPlans(edition)}
      portals={portals(edition, opts.releases ?? true)}
      registerHref={opts.registerHref ?? "/register"}
      signInHref="/login"
      apiDocsHref="/docs/api"
      pricesNote={landingPricesNote(edition)}
    />,
  );
}

const euro = (cents: number, edition: Edition) =>
  edition === "de" ? `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€` : `€${(cents / 100).toFixed(2)}`;

/** The markup of one plan's card. */
function planCard(html: string, id: string): string {
  const card = new RegExp(`<article[^>]*aria-labelledby="landing-plan-${id}-title"[^>]*>[\\s\\S]*?</article>`).exec(html)?.[0];
  expect(card, `card of ${id}`).toBeDefined();
  return card!;
}

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  // As the repository's page checks (e2e/html-validator.ts): style preferences, not validity.
  rules: { "attribute-boolean-style": "off", "no-redundant-role": "off", "attr-case": "off", "void-style": "off" },
});

async function problems(html: string, lang: string): Promise<string[]> {
  const page = `<!DOCTYPE html><html lang="${lang}"><head><title>Pressdesk</title></head><body>${html}</body></html>`;
  return (await validator.validateString(page)).results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
}

describe("HubLanding", () => {
  it.each(["de", "en"] as const)("shows every plan of the catalog with its price, quota, API access and register link (%s)", (edition) => {
    const html = render(edition);
    for (const plan of Object.values(PLANS)) {
      const card = planCard(html, plan.id);
      expect(card).toContain(`>${plan.name}</h3>`);
      expect(card).toContain(euro(plan.monthlyNetCents, edition));
      expect(card).toContain(euro(plan.monthlyNetCents + vatOf(plan.monthlyNetCents), edition));
      expect(card).toContain(`<dd>${plan.monthlyReleaseQuota}</dd>`);
      expect(card).toContain(`<dd>${plan.apiAccess ? (edition === "de" ? "Ja" : "Yes") : edition === "de" ? "Nein" : "No"}</dd>`);
      expect(card).toContain(`href="/register?plan=${plan.id}"`);
      expect(card).toContain(edition === "de" ? "Jetzt starten" : "Get started");
    }
    expect(html).toContain(`${VAT_RATE_PERCENT}\u00a0%`);
  });

  it("formats prices in euro for each edition, net, cheapest first", () => {
    const de = landingPlans("de");
    expect(de.map((p) => p.id)).toEqual(
      Object.values(PLANS)
        .sort((a, b) => a.monthlyNetCents - b.monthlyNetCents)
        .map((p) => p.id),
    );
    expect(landingPlans("de", [PLANS.starter])[0]).toMatchObject({ priceNet: "49,00\u00a0€", priceGross: "58,31\u00a0€" });
    expect(landingPlans("en", [PLANS.starter])[0]).toMatchObject({ priceNet: "€49.00", priceGross: "€58.31" });
    expect(landingPricesNote("de")).toBe("Alle Preise in Euro, netto pro Monat, zuzüglich 19\u00a0% Umsatzsteuer.");
    expect(landingPricesNote("en")).toBe("All prices in euro, net per month, plus 19\u00a0% German VAT.");
  });

  it("adds ?plan= to the register link, also behind a query or before a fragment", () => {
    expect(planRegisterHref("/register", "business")).toBe("/register?plan=business");
    expect(planRegisterHref("/register?ref=hub", "agency")).toBe("/register?ref=hub&plan=agency");
    expect(planRegisterHref("/register?", "starter")).toBe("/register?plan=starter");
    expect(planRegisterHref("https://hub.example/register#form", "starter")).toBe("https://hub.example/register?plan=starter#form");
    expect(render("de", { registerHref: "/register?ref=hub" })).toContain('href="/register?ref=hub&amp;plan=starter"');
  });

  it("speaks German for de and English for en", () => {
    const de = render("de");
    const en = render("en");
    expect(de).toMatch(/^<main id="main" class="landing" lang="de">/);
    expect(en).toMatch(/^<main id="main" class="landing" lang="en">/);
    expect(de).toContain("So funktioniert die Veröffentlichung");
    expect(de).toContain(">Registrieren</a>");
    expect(de).toContain(">Anmelden</a>");
    expect(de).toContain("Häufige Fragen");
    expect(de).not.toContain("How publishing works");
    expect(en).toContain("How publishing works");
    expect(en).toContain(">Register</a>");
    expect(en).toContain(">Sign in</a>");
    expect(en).toContain("Frequently asked questions");
    expect(en).not.toContain("So funktioniert die Veröffentlichung");
    expect(de).toContain("3. März 2026");
    expect(en).toContain("3 March 2026");
    expect(de).toContain("in den Tarifen Business und Agentur enthalten");
    expect(en).toContain("with the Business and Agentur plans");
  });

  it.each(["de", "en"] as const)("has one h1, headings without a skipped level and a labelled section for each (%s)", (edition) => {
    const html = render(edition);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    levels.slice(1).forEach((level, i) => expect(level, `heading ${i + 2}`).toBeLessThanOrEqual(levels[i]! + 1));
    const labelled = [...html.matchAll(/aria-labelledby="([^"]+)"/g)].map((m) => m[1]!);
    expect(labelled.length).toBeGreaterThanOrEqual(8);
    for (const id of labelled) expect(html, id).toContain(`id="${id}"`);
    const sections = html.match(/<section /g) ?? [];
    expect(sections.length).toBe((html.match(/<section [^>]*aria-labelledby=/g) ?? []).length);
  });

  it.each(["de", "en"] as const)("asks its questions with details and summary (%s)", (edition) => {
    const html = render(edition);
    const details = html.match(/<details[\s>]/g) ?? [];
    expect(details.length).toBeGreaterThanOrEqual(6);
    expect(details.length).toBeLessThanOrEqual(8);
    expect(html.match(/<summary>/g)).toHaveLength(details.length);
  });

  it.each(["de", "en"] as const)("renders no script, no inline style and no event handler (%s)", (edition) => {
    const html = render(edition);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it("shows each portal's latest three releases, escaped, with covers and both edition links", () => {
    const html = render("de");
    for (const portal of PORTALS) {
      expect(html).toContain(`>${SITE_NAMES[portal]}</h3>`);
      expect(html).toContain(PORTAL_TAGLINES[portal].de);
      expect(html).toContain(`href="https://${portal}.example/de/pressemitteilung/meldung-3"`);
      expect(html).not.toContain(`meldung-4"`);
      expect(html).toContain(`Meldung 1 auf ${portal} &lt;&amp;&gt;`);
      expect(html).toContain(`<a href="https://${portal}.example/en" hrefLang="en" lang="en">${SITE_NAMES[portal]} – English edition</a>`);
      expect(html).toContain(`src="/media/img/${portal}-480.jpg"`);
    }
    expect(html).toMatch(/<img [^>]*width="480" height="320" alt="Werkhalle"/);
    expect(render("de", { releases: false })).toContain("Noch keine Pressemitteilungen.");
  });

  it.each(["de", "en"] as const)("is valid, accessible HTML (%s)", async (edition) => {
    expect(await problems(render(edition), edition)).toEqual([]);
    expect(await problems(render(edition, { releases: false }), edition)).toEqual([]);
  });
});
