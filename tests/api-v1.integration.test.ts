import { Validator } from "@seriousme/openapi-schema-validator";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { workOne } from "@/lib/runtime/jobs/local-worker";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";
import { apiClient, send } from "./api-client";
import { seedRelease, unique } from "./factories";
import { apiReleaseBody, GOOD_BODY, seedNewsroom } from "./release-fixtures";

async function tokenFor(userId: number) {
  return (await createApiToken({ userId, name: "ci", identityConfirmedAt: new Date() })).token;
}

let categorySlug: string;
let techCategorySlug: string;
beforeAll(async () => {
  categorySlug = unique("energie");
  techCategorySlug = unique("software");
  await db.category.create({ data: { portal: "business", slug: categorySlug, nameDe: "Energie", nameEn: "Energy" } });
  await db.category.create({ data: { portal: "tech", slug: techCategorySlug, nameDe: "Software", nameEn: "Software" } });
  await db.category.create({ data: { portal: "business", slug: "stillgelegt", nameDe: "Alt", nameEn: "Old", isActive: false } });
});

afterEach(() => {
  delete process.env.LEGAL_ACCEPTANCE_GATE;
  resetConfigForTests();
});

const releaseBody = (newsroomId: number, extra: Record<string, unknown> = {}) => apiReleaseBody(newsroomId, categorySlug, extra);

describe("the OpenAPI description", () => {
  it("is a valid OpenAPI 3.1 document served at /api/v1/openapi.json", async () => {
    const { GET } = await import("@/app/api/v1/openapi.json/route");
    const doc = await GET().json();
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe("API v1 end to end, driven from the description", () => {
  it("create, list with filters, get, update, submit, delete", async () => {
    const { owner, company } = await seedNewsroom({ portal: "both" });
    const api = apiClient(await tokenFor(owner.id));

    const newsrooms = await api.call("listNewsrooms");
    expect(newsrooms.body.data).toEqual([expect.objectContaining({ id: company.id, portals: ["business", "tech"] })]);
    expect(newsrooms.headers.get("x-ratelimit-limit")).toBe("120");

    const created = await api.call("createRelease", { body: releaseBody(company.id, { submit: false }) });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ status: "draft", category: categorySlug, url: null });

    const draft = await api.call("createRelease", {
      body: releaseBody(company.id, {
        submit: false,
        language: "en",
        title: "An English draft about the new plant",
        body: `<p>${"Example Inc opens a new plant near Hamburg with two hundred jobs. ".repeat(4)}</p>`,
      }),
    });
    expect((await api.call("listReleases", { query: { language: "en" } })).body.data.map((r: { id: number }) => r.id)).toEqual([
      draft.body.data.id,
    ]);
    expect((await api.call("listReleases", { query: { status: "draft", per_page: 1 } })).body).toMatchObject({
      meta: { per_page: 1, total: 2 },
    });
    expect((await api.call("listReleases", { query: { portal: "business", category: categorySlug } })).body.meta.total).toBe(2);
    expect((await api.call("listReleases", { query: { q: "Brandenburg" } })).body.data.map((r: { id: number }) => r.id)).toEqual([id]);

    const updated = await api.call("updateRelease", { params: { id }, body: { location: "Potsdam" } });
    expect(updated.body.data).toMatchObject({ location: "Potsdam", title: created.body.data.title, category: categorySlug });

    const submitted = await api.call("submitRelease", { params: { id } });
    expect([submitted.status, submitted.body.data.status]).toEqual([202, "in_review"]);
    while (await workOne()) {
      /* the automatic check runs */
    }
    const published = await api.call("getRelease", { params: { id } });
    expect(published.body.data).toMatchObject({ status: "published", review: { attempts: 0, latest: { result: "green" } } });
    expect(published.body.data.url).toMatch(/\/de\/pressemitteilung\//);

    expect((await api.call("deleteRelease", { params: { id: draft.body.data.id } })).status).toBe(204);
    expect((await api.call("getRelease", { params: { id: draft.body.data.id } })).status).toBe(404);
  });

  it("answers 422 for out-of-range list filters and categories that are inactive or of the other portal", async () => {
    const { owner, company } = await seedNewsroom();
    const api = apiClient(await tokenFor(owner.id));
    const bad: Record<string, string | number>[] = [
      { per_page: 0 },
      { per_page: 101 },
      { status: "online" },
      { language: "fr" },
      { category: "stillgelegt" },
      { portal: "business", category: techCategorySlug },
    ];
    for (const query of bad) {
      const res = await api.call("listReleases", { query });
      expect([query, res.status, res.body.error.code]).toEqual([query, 422, "validation_failed"]);
    }
    const wrong = await api.call("createRelease", { body: releaseBody(company.id, { category: techCategorySlug }) });
    expect([wrong.status, wrong.body.error.issues[0].path]).toEqual([422, "category"]);
    const short = await api.call("createRelease", { body: releaseBody(company.id, { body: "<p>Zu kurz.</p>", portal: "tech" }) });
    expect(short.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["body", "portal"]);
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("re-checks the kept category when the portal changes", async () => {
    const { owner, company } = await seedNewsroom({ portal: "both" });
    const api = apiClient(await tokenFor(owner.id));
    const created = await api.call("createRelease", { body: releaseBody(company.id, { submit: false }) });
    const moved = await api.call("updateRelease", { params: { id: created.body.data.id }, body: { portal: "tech" } });
    expect([moved.status, moved.body.error.issues[0].path]).toEqual([422, "category"]);
    const ok = await api.call("updateRelease", {
      params: { id: created.body.data.id },
      body: { portal: "tech", category: techCategorySlug },
    });
    expect(ok.body.data).toMatchObject({ portal: "tech", category: techCategorySlug });
  });

  it("answers 403 without API access and works again after a new booking", async () => {
    const { owner, company } = await seedNewsroom({ apiAccess: false });
    const api = apiClient(await tokenFor(owner.id));
    const denied = await api.call("listReleases");
    expect([denied.status, denied.body.error.code]).toEqual([403, "api_access_missing"]);
    await db.userPaymentOption.create({
      data: { userId: owner.id, companyId: company.id, provider: "stripe", plan: "api", apiAccess: true },
    });
    expect((await api.call("listReleases")).status).toBe(200);
    expect((await apiClient("pd_unknown").call("listReleases")).status).toBe(401);
  });

  it("answers 428 with the required versions while the legal gate is on", async () => {
    process.env.LEGAL_ACCEPTANCE_GATE = "true";
    resetConfigForTests();
    const { owner, company } = await seedNewsroom();
    const api = apiClient(await tokenFor(owner.id));
    const gated = await api.call("createRelease", { body: releaseBody(company.id) });
    expect([gated.status, gated.body.error.code]).toEqual([428, "legal_acceptance_required"]);
    const required = gated.body.error.details.required as { document: string; version: string }[];
    expect(required.length).toBeGreaterThan(0);
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);

    const stale = await api.call("acceptLegalDocuments", { body: { documents: required.map((d) => ({ ...d, version: "1999-01" })) } });
    expect([stale.status, stale.body.error.details.current]).toEqual([422, required]);
    expect((await api.call("acceptLegalDocuments", { body: { documents: required } })).body.complete).toBe(true);
    expect((await api.call("createRelease", { body: releaseBody(company.id) })).status).toBe(201);
  });

  it("a retried create with the same Idempotency-Key returns the first release, also when both arrive at once", async () => {
    const { owner, company } = await seedNewsroom();
    const api = apiClient(await tokenFor(owner.id));
    const body = releaseBody(company.id, { submit: false });
    const headers = { "Idempotency-Key": unique("retry-key") };
    const first = await api.call("createRelease", { body, headers });
    const retry = await api.call("createRelease", { body, headers });
    expect([retry.status, retry.body.data.id, retry.headers.get("idempotent-replayed")]).toEqual([201, first.body.data.id, "true"]);
    expect((await api.call("createRelease", { body: { ...body, title: "Ein ganz anderer Titel der Meldung" }, headers })).status).toBe(422);

    const raceHeaders = { "Idempotency-Key": unique("race-key") };
    const race = await Promise.all([
      api.call("createRelease", { body, headers: raceHeaders }),
      api.call("createRelease", { body, headers: raceHeaders }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual(expect.arrayContaining([201]));
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(2);
  });
});

describe("the legacy /service family", () => {
  it("creates with its older field names and refuses addresses without a real TLD, without DNS", async () => {
    const { owner, company } = await seedNewsroom();
    const token = await tokenFor(owner.id);
    const legacy = { title: `Beispiel AG eröffnet Werk ${unique("legacy")}`, text: GOOD_BODY, city: "Berlin", contact_name: "Presse" };
    for (const contact_email of ["presse@beispiel", "presse@beispiel.con"]) {
      const res = await send("POST", "/service/pressreleases", { token, body: { ...legacy, contact_email } });
      expect(res.status).toBe(422);
      expect((await res.json()).error.issues[0].path).toBe("contact_email");
    }
    const res = await send("POST", "/service/pressreleases", {
      token,
      body: { ...legacy, contact_email: "presse@beispiel.de", company_id: company.id },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ status: "in_review", city: "Berlin", company_id: company.id });
    const list = await (await send("GET", "/service/pressreleases?limit=5&lang=de", { token })).json();
    expect(list.pressreleases.map((r: { id: number }) => r.id)).toEqual([created.id]);
    expect((await send("GET", "/service/pressreleases?limit=500", { token })).status).toBe(422);
  });

  it("gives an English release's view_url the /en/ prefix, and that address leads to its page (spec 4.1)", async () => {
    const { owner, company } = await seedNewsroom();
    const token = await tokenFor(owner.id);
    const published = {
      companyId: company.id,
      authorUserId: owner.id,
      status: "published" as const,
      publishedAt: new Date(Date.now() - 60_000),
      publishedEverAt: new Date(Date.now() - 60_000),
    };
    const english = await seedRelease({ ...published, language: "en", slug: unique("harbour"), title: "Harbour opens" });
    const german = await seedRelease({ ...published, language: "de", slug: unique("hafen"), title: "Hafen eröffnet" });
    const origin = siteOrigin("business", getSiteHosts());
    const viewUrlOf = async (id: number) =>
      ((await (await send("GET", `/service/pressreleases/${id}`, { token })).json()) as { view_url: string }).view_url;
    expect(await viewUrlOf(english.id)).toBe(`${origin}/en/view/${english.id}`);
    expect(await viewUrlOf(german.id)).toBe(`${origin}/view/${german.id}`);

    // Followed as a reader's browser does, through the portal's routes.
    const prefixed = (await import("@/app/portal/[portal]/[edition]/view/[id]/route")).GET;
    const bare = (await import("@/app/portal/[portal]/view/[id]/route")).GET;
    const open = (edition: string, id: number) =>
      prefixed(new Request(`${origin}/${edition}/view/${id}`), {
        params: Promise.resolve({ portal: "business", edition, id: String(id) }),
      });
    const res = await open("en", english.id);
    expect([res.status, res.headers.get("location")]).toEqual([301, `${origin}/en/press-release/${english.slug}`]);
    // The prefix names the edition: a German release is not found under /en/.
    expect((await open("en", german.id)).status).toBe(404);
    // Addresses handed out before keep working.
    const old = await bare(new Request(`${origin}/view/${english.id}`), {
      params: Promise.resolve({ portal: "business", id: String(english.id) }),
    });
    expect([old.status, old.headers.get("location")]).toEqual([301, `${origin}/en/press-release/${english.slug}`]);
  });

  it("answers 410 for image uploads with a pointer to the v1 image endpoint, and 403 without API access", async () => {
    const res = await send("POST", "/service/pressreleases/17/images", {});
    expect(res.status).toBe(410);
    const error = (await res.json()).error;
    const origin = siteOrigin("hub", getSiteHosts());
    expect(error.details).toEqual({ endpoint: `${origin}/api/v1/releases/17/images`, documentation: `${origin}/docs/api` });
    expect(error.message).toContain("/api/v1/releases/17/images");
    // The page it points to exists.
    const { default: ApiDocsPage } = await import("@/app/hub/docs/api/page");
    expect(ApiDocsPage).toBeTypeOf("function");
    const { owner } = await seedNewsroom({ apiAccess: false });
    expect((await send("GET", "/service/pressreleases", { token: await tokenFor(owner.id) })).status).toBe(403);
  });
});
