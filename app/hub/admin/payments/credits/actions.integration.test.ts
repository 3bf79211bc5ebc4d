import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedUser } from "@/tests/factories";
import { signIn, signOut, withPageSession } from "@/tests/page-session";
import { seedAdmin } from "@/tests/release-fixtures";
import { grantCreditsAction } from "./actions";

// /admin/payments/credits as staff and attackers use it, behind a real session cookie: the page
// hands out the form (with its one-time id), the server action books the grant. The permission
// is read again when the form is sent, inside the grant.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();

/** What a forbidden() or redirect() of Next threw (its digest), else the answer. */
const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (v) => v,
    (e: { digest?: string }) => e.digest ?? e,
  );
const render = async (params: Record<string, string> = {}) =>
  renderToStaticMarkup((await (await import("./page")).default({ searchParams: Promise.resolve(params) })) as never);
/** The page as the staff member loads it: its HTML and the form's one-time id. */
async function loadPage(params: Record<string, string> = {}) {
  const html = await render(params);
  return { html, grantId: /name="grantId" value="([^"]+)"/.exec(html)![1]! };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const balanceOf = async (companyId: number) =>
  (await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { credits: true } })).credits;
const grantsOf = (companyId: number) => db.creditTransaction.count({ where: { companyId } });

describe("Credits gutschreiben", () => {
  it("staff with billing:manage grant credits; the page then names the grant and the balance", async () => {
    const admin = await seedAdmin(["billing:manage"]);
    const company = await seedCompany({ name: "Hafenlicht GmbH" });
    await signIn(admin.id);
    const { html, grantId } = await loadPage({ newsroom: String(company.id) });
    expect(html).toContain(`value="${company.id}"`);
    const sent = await outcome(
      grantCreditsAction(null, form({ newsroom: String(company.id), credits: "40", reason: "Kulanz nach Störung", grantId })),
    );
    expect(sent).toMatch(new RegExp(`^NEXT_REDIRECT;.*/admin/payments/credits\\?grant=${grantId};`));
    expect(await balanceOf(company.id)).toBe(40);
    const after = await render({ grant: grantId });
    expect(after).toContain(`40 Credits an „Hafenlicht GmbH“ (Nr. ${company.id}) gutgeschrieben. Guthaben jetzt: 40 Credits.`);
    expect(after).toContain("Kulanz nach Störung");
    // The page after the grant hands out a new form id; the old form sent again books nothing.
    expect((await loadPage()).grantId).not.toBe(grantId);
    await outcome(grantCreditsAction(null, form({ newsroom: String(company.id), credits: "40", reason: "Kulanz nach Störung", grantId })));
    expect(await balanceOf(company.id)).toBe(40);
  });

  it("staff without billing:manage: no page, and the action answers with a form message; customers and visitors get nothing", async () => {
    const company = await seedCompany();
    const fields = { newsroom: String(company.id), credits: "100", reason: "Selbstbedienung", grantId: "a".repeat(22) };
    await signIn((await seedAdmin(["companies:write", "users:manage", "press-releases:publish", "compliance:manage"])).id);
    expect(await outcome(render())).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    expect(await grantCreditsAction(null, form(fields))).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "Dafür fehlt Ihnen die Berechtigung.",
    });
    await signIn((await seedUser({ permissions: ["billing:manage"] })).id);
    expect(await outcome(grantCreditsAction(null, form(fields)))).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    signOut();
    expect(await outcome(grantCreditsAction(null, form(fields)))).toMatch(/^NEXT_REDIRECT;.*\/login;/);
    expect([await balanceOf(company.id), await grantsOf(company.id)]).toEqual([0, 0]);
  });

  it("a billing admin who belongs to the newsroom cannot grant it credits: the form says why, nothing is booked", async () => {
    const admin = await seedAdmin(["billing:manage"]);
    const company = await seedCompany();
    await db.companyUser.create({ data: { companyId: company.id, userId: admin.id, role: "member", grantedVia: "manual" } });
    await signIn(admin.id);
    const { grantId } = await loadPage();
    expect(await grantCreditsAction(null, form({ newsroom: String(company.id), credits: "50", reason: "Für uns", grantId }))).toMatchObject(
      {
        ok: false,
        code: "forbidden",
        issues: {
          newsroom: "Sie gehören selbst zu diesem Newsroom. Eine Gutschrift für ihn nimmt eine andere Person mit Zahlungsrechten vor.",
        },
      },
    );
    expect([await balanceOf(company.id), await grantsOf(company.id)]).toEqual([0, 0]);
  });

  it("billing:manage removed between loading the page and sending the form: refused, nothing booked", async () => {
    const admin = await seedAdmin(["billing:manage"]);
    const company = await seedCompany();
    await signIn(admin.id);
    const { grantId } = await loadPage();
    await db.user.update({ where: { id: admin.id }, data: { permissions: ["companies:write"] } });
    expect(await grantCreditsAction(null, form({ newsroom: String(company.id), credits: "25", reason: "Kulanz", grantId }))).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "Dafür fehlt Ihnen die Berechtigung.",
    });
    expect([await balanceOf(company.id), await grantsOf(company.id)]).toEqual([0, 0]);
  });

  it("two forms sent at once both count, once each; the same form sent twice at once counts once", async () => {
    const admin = await seedAdmin(["billing:manage"]);
    const company = await seedCompany();
    await signIn(admin.id);
    const first = (await loadPage()).grantId;
    const second = (await loadPage()).grantId;
    const results = await Promise.all([
      outcome(grantCreditsAction(null, form({ newsroom: String(company.id), credits: "12", reason: "Kulanz A", grantId: first }))),
      outcome(grantCreditsAction(null, form({ newsroom: company.slug, credits: "8", reason: "Kulanz B", grantId: second }))),
      outcome(grantCreditsAction(null, form({ newsroom: String(company.id), credits: "12", reason: "Kulanz A", grantId: first }))),
    ]);
    expect(results.every((r) => typeof r === "string" && r.startsWith("NEXT_REDIRECT;"))).toBe(true);
    expect([await balanceOf(company.id), await grantsOf(company.id)]).toEqual([20, 2]);
  });

  it("bad amounts, a missing reason and forged forms are form messages, never a 500, and book nothing", async () => {
    const admin = await seedAdmin(["billing:manage"]);
    const company = await seedCompany();
    await signIn(admin.id);
    const { grantId } = await loadPage();
    const send = (fields: Record<string, string>) =>
      grantCreditsAction(null, form({ newsroom: String(company.id), credits: "10", reason: "Kulanz", grantId, ...fields }));
    for (const credits of ["0", "-5", "1,5", "1.5", "abc", "501", "99999999999", "1e3", " "]) {
      expect(await send({ credits })).toMatchObject({
        ok: false,
        message: "Bitte prüfen Sie die markierten Felder.",
        issues: { credits: expect.stringMatching(/^Bitte (eine ganze Zahl von 1 bis 500 angeben|geben Sie an, wie viele Credits)/) },
      });
    }
    expect(await send({ reason: "" })).toMatchObject({ ok: false, issues: { reason: "Bitte geben Sie einen Grund an." } });
    expect(await send({ reason: "x".repeat(501) })).toMatchObject({ ok: false, issues: { reason: "Höchstens 500 Zeichen." } });
    expect(await send({ newsroom: "" })).toMatchObject({ ok: false, issues: { newsroom: expect.any(String) } });
    expect(await send({ newsroom: "99999999" })).toMatchObject({ ok: false, issues: { newsroom: "Diesen Newsroom gibt es nicht." } });
    expect(await send({ grantId: "" })).toMatchObject({
      ok: false,
      message: "Das Formular ist nicht mehr gültig. Bitte laden Sie die Seite neu.",
    });
    for (const forged of [null, "credits=500", { credits: 500 }] as unknown as FormData[]) {
      expect(await grantCreditsAction(null, forged)).toMatchObject({
        ok: false,
        message: "Das Formular ist nicht mehr gültig. Bitte laden Sie die Seite neu.",
      });
    }
    expect([await balanceOf(company.id), await grantsOf(company.id)]).toEqual([0, 0]);
  });
});
