import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { payLocalCheckout } from "@/lib/domains/billing/provider/local-provider";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedUser } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";

// The billing pages as a press officer with a running plan sees them: the facts match the
// state, a bigger plan is offered, ending the contract comes last and quiet, and the invoice
// address form opens with the newsroom's address.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

const render = async (load: () => Promise<{ default: (props: never) => Promise<unknown> }>, props: unknown = {}) =>
  renderToStaticMarkup((await (await load()).default(props as never)) as never).replace(/\u00a0/g, " ");

async function pressOfficerWithPlan() {
  const user = await seedUser({ name: "Petra Presse" });
  const company = await seedCompany({
    name: "Hafenlicht GmbH",
    addressStreet: "Am Kai 7",
    addressPostalCode: "20457",
    addressCity: "Hamburg",
    addressCountry: "DE",
  });
  await db.companyUser.create({ data: { companyId: company.id, userId: user.id, role: "owner", grantedVia: "manual" } });
  const { url } = await startCheckout({ purpose: "booking", userId: user.id, planId: "business" });
  await payLocalCheckout(/(cs_local_[0-9a-f]+)$/.exec(url)![1]!, user.id);
  await signIn(user.id);
  return user;
}

describe("/dashboard/billing with an active plan", () => {
  it("shows the plan's facts, offers the bigger plan, and puts a quiet contract end last", async () => {
    await pressOfficerWithPlan();
    const html = await render(() => import("./page"), { searchParams: Promise.resolve({}) });
    expect(html).toMatch(/<h3>Paket Business <span[^>]*>aktiv<\/span><\/h3>/);
    expect(html).toContain("Visa •••• 4242");
    expect(html).toContain("Verlängert sich am");
    expect(html).toContain("Auf Agentur wechseln");
    expect(html).not.toContain("ersten Buchung");
    expect(html).not.toContain("Business buchen");
    const end = html.indexOf('id="contract-end-heading"');
    expect(end).toBeGreaterThan(html.indexOf('id="invoices-heading"'));
    expect(html.slice(end)).toMatch(
      /<a[^>]*class="[^"]*dangerQuiet[^"]*"[^>]*href="\/dashboard\/billing\/cancel"|href="\/dashboard\/billing\/cancel"[^>]*class="[^"]*dangerQuiet/,
    );
    // Nothing after the contract-end section but its own links.
    expect(html.slice(end)).not.toMatch(/<section/);
  });

  it("opens the invoice address form with the newsroom's company and address", async () => {
    await pressOfficerWithPlan();
    const html = await render(() => import("./settings/page"));
    expect(html).toContain("Firmennamen und Anschrift Ihres Newsrooms „Hafenlicht GmbH“");
    for (const value of ["Petra Presse", "Hafenlicht GmbH", "Am Kai 7", "20457", "Hamburg"]) expect(html).toContain(`value="${value}"`);
  });
});
