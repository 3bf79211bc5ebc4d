import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { startCheckout } from "@/lib/domains/billing/checkout/start-checkout";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedUser } from "@/tests/factories";
import { signIn, signOut, withPageSession } from "@/tests/page-session";
import { abandonAction, payAction } from "./actions";

// The local test checkout (/checkout/local/{id}) as an attacker meets it: a visitor without a
// session (a page that rebinds its DNS to a local installation) and another customer signed in.
// Neither sees the order, pays it into the owner's account or abandons it; the owner can.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

/** What a redirect() of Next threw (its digest), else the action's answer. */
const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (v) => v,
    (e: { digest?: string }) => e.digest ?? e,
  );
const page = async (id: string) =>
  renderToStaticMarkup((await (await import("./page")).default({ params: Promise.resolve({ id }) })) as never);

async function openCheckout() {
  const owner = await seedUser({ emailVerifiedAt: new Date() });
  const company = await seedCompany();
  await db.companyUser.create({ data: { companyId: company.id, userId: owner.id, role: "owner", grantedVia: "manual" } });
  const { url } = await startCheckout({ purpose: "credits", userId: owner.id, companyId: company.id, packId: "credits-25" });
  const id = /\/checkout\/local\/(cs_local_[0-9a-f]+)$/.exec(url)![1]!;
  return { owner, company, id };
}

/** Everything paying or abandoning could change. */
async function worldOf(id: string, companyId: number) {
  const [checkout, company, ledger, agreements, invoices, events] = await Promise.all([
    db.localCheckoutSession.findUniqueOrThrow({ where: { id } }),
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { credits: true } }),
    db.creditTransaction.count({ where: { companyId } }),
    db.userPaymentOption.count(),
    db.invoice.count(),
    db.stripeEvent.count(),
  ]);
  return { checkout, credits: company.credits, ledger, agreements, invoices, events };
}

describe("/checkout/local/{id}", () => {
  it("without a session: no order on the page, pay and abandon are refused with a message, nothing changes", async () => {
    const { id, company } = await openCheckout();
    const before = await worldOf(id, company.id);
    signOut();
    const html = await page(id);
    expect(html).toContain("Bitte melden Sie sich mit dem Konto an, das diese Testzahlung geöffnet hat.");
    expect(html).not.toContain("<button");
    expect(html).not.toContain("25 Credits");
    for (const action of [payAction, abandonAction]) {
      expect(await outcome(action(id, null, new FormData()))).toMatchObject({
        ok: false,
        code: "unauthenticated",
        message: "Bitte melden Sie sich mit dem Konto an, das diese Testzahlung geöffnet hat.",
      });
    }
    expect(await worldOf(id, company.id)).toEqual(before);
  });

  it("from another customer's or a super-admin's session: refused with a message, nothing changes", async () => {
    const { id, company } = await openCheckout();
    const before = await worldOf(id, company.id);
    for (const other of [await seedUser({ emailVerifiedAt: new Date() }), await seedUser({ staffRole: "super_admin" })]) {
      await signIn(other.id);
      const html = await page(id);
      expect(html).toContain("Diese Testzahlung wurde von einem anderen Konto geöffnet.");
      expect(html).not.toContain("<button");
      for (const action of [payAction, abandonAction]) {
        expect(await outcome(action(id, null, new FormData()))).toMatchObject({
          ok: false,
          code: "forbidden",
          message: expect.stringContaining("von einem anderen Konto geöffnet"),
        });
      }
    }
    expect(await worldOf(id, company.id)).toEqual(before);
    expect(before.checkout.status).toBe("open");
  });

  it("the account that opened it sees the order and pays it: credits arrive once", async () => {
    const { owner, id, company } = await openCheckout();
    await signIn(owner.id);
    const html = await page(id);
    expect(html).toContain("25 Credits für Boosts");
    expect(html).toMatch(/bezahlen<\/button>/);
    expect(await outcome(payAction(id, null, new FormData()))).toMatch(
      /^NEXT_REDIRECT;.*\/dashboard\/billing\/thanks\?purpose=credits&session=cs_local_/,
    );
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).credits).toBe(25);
    expect((await db.localCheckoutSession.findUniqueOrThrow({ where: { id } })).status).toBe("complete");

    // A second checkout the owner walks away from.
    const second = /\/checkout\/local\/(cs_local_[0-9a-f]+)$/.exec(
      (await startCheckout({ purpose: "credits", userId: owner.id, companyId: company.id, packId: "credits-10" })).url,
    )![1]!;
    expect(await outcome(abandonAction(second, null, new FormData()))).toMatch(
      /^NEXT_REDIRECT;.*\/dashboard\/billing\?checkout=cancelled;/,
    );
    expect((await db.localCheckoutSession.findUniqueOrThrow({ where: { id: second } })).status).toBe("expired");
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).credits).toBe(25);
  });
});
