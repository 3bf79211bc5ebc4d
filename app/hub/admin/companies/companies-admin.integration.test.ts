import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Permission } from "@/lib/domains/accounts/permissions";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { loadSimilarCompanyAddresses } from "@/lib/adapters/admin/similar-companies";
import { computeSimilarAddresses } from "@/lib/domains/companies/email-groups/compute-similar-addresses";
import { findJob } from "@/lib/runtime/jobs/catalog";
import { JOB } from "@/lib/core/jobs/names";
import { SIMILARITY_REPRESENTATIVES } from "@/lib/domains/companies/email-groups/similar-addresses";
import { db } from "@/lib/core/db/client";
import { seedCompany, seedUser, unique } from "@/tests/factories";
import { signIn, withPageSession } from "@/tests/page-session";
import { seedAdmin, seedNewsroom } from "@/tests/release-fixtures";
import { classifyEmailAction, deleteCompanyAction } from "./actions";
import { requestRecomputationAction } from "./similar/actions";

// /admin/companies as staff and as the attacker, behind a real session cookie: the soft delete
// and the e-mail classification (server actions), and the similar-addresses screen with the
// spec's cap of 25 representatives exercised on stored newsrooms.

vi.mock("next/headers", async () => (await import("@/tests/page-session")).nextHeaders);
withPageSession();
vi.mock("next/cache", () => ({ refresh: () => {} }));

/** What a forbidden() or redirect() of Next threw (its digest), else the answer. */
const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (v) => v,
    (e: { digest?: string }) => e.digest ?? e,
  );
const rendered = (promise: Promise<unknown>) =>
  promise.then(
    () => "rendered",
    (e: { digest?: string }) => e.digest ?? String(e),
  );
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const OTHER_PERMISSIONS: Permission[] = ["billing:manage", "users:manage", "press-releases:publish", "compliance:manage"];

describe("deleting a newsroom from the admin area", () => {
  it("an editor with companies:write deletes with a reason and lands on the list; the customer and other staff cannot", async () => {
    const { owner, company } = await seedNewsroom();
    await signIn(owner.id);
    expect(await outcome(deleteCompanyAction(company.id, null, form({ reason: "Ich lösche mich selbst" })))).toBe(
      "NEXT_HTTP_ERROR_FALLBACK;403",
    );
    await signIn((await seedAdmin(OTHER_PERMISSIONS)).id);
    expect(await deleteCompanyAction(company.id, null, form({ reason: "Ohne Berechtigung" }))).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).deletedAt).toBeNull();

    await signIn((await seedAdmin(["companies:write"])).id);
    expect(await deleteCompanyAction(company.id, null, form({ reason: "" }))).toMatchObject({
      ok: false,
      issues: { reason: "Bitte geben Sie einen Grund an." },
    });
    for (const forged of [0, -1, Number.NaN, "7x" as unknown as number])
      expect(await deleteCompanyAction(forged, null, form({ reason: "x" }))).toMatchObject({
        ok: false,
        message: "Diesen Newsroom gibt es nicht (mehr).",
      });
    expect(await outcome(deleteCompanyAction(company.id, null, form({ reason: "Doppelt angelegt" })))).toMatch(
      new RegExp(`^NEXT_REDIRECT;.*/admin/companies\\?geloescht=${company.id};`),
    );
    expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).deletedAt).not.toBeNull();
    expect(await deleteCompanyAction(company.id, null, form({ reason: "nochmal" }))).toMatchObject({
      ok: false,
      message: "Diesen Newsroom gibt es nicht (mehr).",
    });
  });
});

describe("classifying a company e-mail from the admin area", () => {
  it("an editor with companies:write sets and clears the override; a forged choice is a field message; others are refused", async () => {
    const email = `redaktion@${unique("medienhaus")}.de`;
    const { owner, company } = await seedNewsroom();
    await db.company.update({ where: { id: company.id }, data: { email } });
    await signIn(owner.id);
    expect(await outcome(classifyEmailAction(company.id, null, form({ classification: "agency" })))).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    await signIn((await seedAdmin(OTHER_PERMISSIONS)).id);
    expect(await classifyEmailAction(company.id, null, form({ classification: "agency" }))).toMatchObject({ ok: false, code: "forbidden" });
    expect(await db.companyEmailGroup.count({ where: { normalizedEmail: email } })).toBe(0);

    await signIn((await seedAdmin(["companies:write"])).id);
    expect(await classifyEmailAction(company.id, null, form({ classification: "superuser" }))).toMatchObject({
      ok: false,
      issues: { classification: "Bitte wählen Sie eine Einstufung." },
    });
    expect(await classifyEmailAction(company.id, null, form({ classification: "agency" }))).toMatchObject({ ok: true });
    expect(await db.companyEmailGroup.findUniqueOrThrow({ where: { normalizedEmail: email } })).toMatchObject({
      manualClassification: "agency",
      effectiveClassification: "agency",
    });
    expect(await classifyEmailAction(company.id, null, form({ classification: "auto" }))).toMatchObject({ ok: true });
    expect(await db.companyEmailGroup.findUniqueOrThrow({ where: { normalizedEmail: email } })).toMatchObject({
      manualClassification: null,
      effectiveClassification: "role_address",
    });
    const bare = await seedCompany({ email: null });
    expect(await classifyEmailAction(bare.id, null, form({ classification: "company" }))).toMatchObject({
      ok: false,
      message: "Dieser Newsroom hat keine Firmen-E-Mail-Adresse.",
    });
  });
});

/** "mz" and five letters, each position a different letter for every i < 26: similar to nothing, sorted between "mailbox" and "nailbox". */
const filler = (i: number) => `mz${[1, 3, 5, 7, 9].map((a, k) => "abcdefghijklmnopqrstuvwxyz"[(i * a + k * 5) % 26]).join("")}`;

describe("/admin/companies/similar", () => {
  it(`shows stored newsrooms with nearly equal addresses, each compared with at most ${SIMILARITY_REPRESENTATIVES} representatives`, async () => {
    // Two domains with the pair "mailbox"/"nailbox" and fillers that sort between them.
    const within = `${unique("werk").replace(/[0-9-]/g, "")}.de`;
    const beyond = `${unique("fabrik").replace(/[0-9-]/g, "")}.de`;
    const seed = async (domain: string, fillers: number) => {
      const a = await seedCompany({ email: `mailbox@${domain}`, name: `Mailbox ${domain}` });
      const b = await seedCompany({ email: `nailbox@${domain}`, name: `Nailbox ${domain}` });
      for (let i = 0; i < fillers; i++) await seedCompany({ email: `${filler(i)}@${domain}` });
      return [a.id, b.id];
    };
    const [a, b] = await seed(within, SIMILARITY_REPRESENTATIVES - 1);
    await seed(beyond, SIMILARITY_REPRESENTATIVES);
    // A slip in the domain; an agency address (three newsrooms) and a deleted newsroom say nothing.
    const typo = `${unique("brauerei").replace(/[0-9-]/g, "")}`;
    const [c, d] = [await seedCompany({ email: `info@${typo}.de` }), await seedCompany({ email: `info@${typo}s.de` })];
    // Each would pair with a live address if it counted.
    for (let i = 0; i < 3; i++) await seedCompany({ email: `kontakt@${typo}.de` });
    await seedCompany({ email: `kontakte@${typo}.de` });
    await seedCompany({ email: `infos@${typo}.de`, deletedAt: new Date() });

    await computeSimilarAddresses();
    const found = await loadSimilarCompanyAddresses({ page: 1 });
    const shown = found.pairs.map((p) => [p.a.email, p.b.email, p.kind, p.a.companies.map((x) => x.id), p.b.companies.map((x) => x.id)]);
    expect(shown).toContainEqual([`mailbox@${within}`, `nailbox@${within}`, "local", [a], [b]]);
    expect(shown).toContainEqual([`info@${typo}.de`, `info@${typo}s.de`, "domain", [c!.id], [d!.id]]);
    expect(shown.filter((p) => String(p[0]).endsWith(beyond))).toEqual([]);
    expect(shown.filter((p) => /^(kontakt|infos)@/.test(String(p[0])) || /^(kontakt|infos)@/.test(String(p[1])))).toEqual([]);
    expect(found.total).toBe(found.pairs.length);
  });

  it("a page view compares nothing: it shows the stored pairs and when they were computed; staff ask for a new computation, which a job runs", async () => {
    const domain = `${unique("giesserei").replace(/[0-9-]/g, "")}.de`;
    const render = async (page = "1") =>
      renderToStaticMarkup((await (await import("./similar/page")).default({ searchParams: Promise.resolve({ page }) })) as never);
    await computeSimilarAddresses();
    const before = await loadSimilarCompanyAddresses({ page: 1 });
    // A likely duplicate registered after the computation appears only with the next one.
    const [a, b] = [await seedCompany({ email: `vertrieb@${domain}` }), await seedCompany({ email: `vetrieb@${domain}` })];
    const pairOf = (found: Awaited<ReturnType<typeof loadSimilarCompanyAddresses>>) =>
      found.pairs.find((p) => p.a.email === `vertrieb@${domain}` || p.b.email === `vertrieb@${domain}`);
    expect(pairOf(await loadSimilarCompanyAddresses({ page: 1 }))).toBeUndefined();
    expect((await loadSimilarCompanyAddresses({ page: 1 })).total).toBe(before.total);

    const editor = await seedAdmin(["companies:write"]);
    await signIn(editor.id);
    expect(await render()).toContain("Berechnet am ");
    expect(await requestRecomputationAction(null, form({}))).toMatchObject({ ok: true });
    expect(await requestRecomputationAction(null, form({}))).toMatchObject({ ok: true });
    const queued = await db.jobQueue.findMany({ where: { name: JOB.computeSimilarAddresses } });
    expect(queued).toHaveLength(1);
    expect(pairOf(await loadSimilarCompanyAddresses({ page: 1 }))).toBeUndefined();

    // The worker runs the job: the new pair is there, with its newsrooms, and the run names who asked.
    await findJob(JOB.computeSimilarAddresses)!.handler(queued[0]!.payload as never, { attempt: 1, step: { run: (_n, fn) => fn() } });
    const pair = pairOf(await loadSimilarCompanyAddresses({ page: 1 }));
    expect([pair?.a.companies.map((c) => c.id), pair?.b.companies.map((c) => c.id)].flat().sort()).toEqual([a.id, b.id].sort());
    expect((await db.similarAddressRun.findFirstOrThrow({ orderBy: { id: "desc" } })).requestedByUserId).toBe(editor.id);

    // Other staff and customers may not ask.
    await signIn((await seedAdmin(OTHER_PERMISSIONS)).id);
    expect(await requestRecomputationAction(null, form({}))).toMatchObject({ ok: false, code: "forbidden" });
    await signIn((await seedUser()).id);
    expect(await outcome(requestRecomputationAction(null, form({})))).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    expect(await db.jobQueue.count({ where: { name: JOB.computeSimilarAddresses } })).toBe(1);
  });

  it("opens for companies:write and an active super-admin; refuses other staff and customers", async () => {
    const render = async () => (await import("./similar/page")).default({ searchParams: Promise.resolve({ page: "abc" }) });
    expect(ADMIN_SCREENS.similarAddresses.permission).toBe("companies:write");
    await signIn((await seedAdmin(["companies:write"])).id);
    expect(await rendered(render())).toBe("rendered");
    await signIn((await seedUser({ staffRole: "super_admin" })).id);
    expect(await rendered(render())).toBe("rendered");
    await signIn((await seedAdmin(OTHER_PERMISSIONS)).id);
    expect(await rendered(render())).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
    await signIn((await seedUser({ permissions: ["companies:write"] })).id);
    expect(await rendered(render())).toBe("NEXT_HTTP_ERROR_FALLBACK;403");
  });
});
