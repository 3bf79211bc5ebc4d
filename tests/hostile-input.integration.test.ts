import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deletePasskey, renamePasskey } from "@/lib/domains/accounts/passkeys";
import { registerAccount } from "@/lib/domains/auth/registration/register-account";
import { sendLoginLinkMail } from "@/lib/domains/accounts/login-links";
import { createApiToken, revokeApiToken } from "@/lib/domains/api-tokens/tokens";
import { LoginRefusedError } from "@/lib/domains/auth/login/login-errors";
import { signInWithPassword } from "@/lib/domains/auth/login/password-login";
import { ownReleaseOrThrow } from "@/lib/domains/accounts/newsrooms";
import { saveDashboardRelease } from "@/lib/adapters/dashboard/save-dashboard-release";
import { EMPTY_RELEASE_FORM } from "@/lib/adapters/dashboard/release-rules";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { actionError } from "@/lib/core/forms/action-result";
import { setErrorReporter } from "@/lib/core/http/problem";
import { approveRelease, returnRelease } from "@/lib/domains/releases/manual-review";
import { send } from "./api-client";
import { unique } from "./factories";
import { GOOD_BODY, seedAdmin, seedCheckedRelease, seedNewsroom } from "./release-fixtures";
import { uniqueClientIp } from "@/tests/client-addresses";

// Issue: hostile input never gets a 5xx. Each block replays a request that answered 500
// before, through the real handler or domain function, and checks the documented answer and
// that nothing stored changed. The error reporter must stay silent: a report would mean a
// value reached PostgreSQL unchecked.

const reports = vi.fn();
const NUL = "\u0000";
let categorySlug: string;

beforeAll(async () => {
  categorySlug = unique("energie");
  await db.category.create({ data: { portal: "business", slug: categorySlug, nameDe: "Energie", nameEn: "Energy" } });
  setErrorReporter(reports);
});

afterEach(() => {
  expect(reports).not.toHaveBeenCalled();
});

async function customer() {
  const { owner, company } = await seedNewsroom();
  const token = (await createApiToken({ userId: owner.id, name: "ci", identityConfirmedAt: new Date() })).token;
  return { owner, company, token };
}

const issuesOf = async (res: Response) => ((await res.json()) as { error: { code: string; issues?: { path: string }[] } }).error;

describe("NUL and unpaired surrogates in text (422 naming the field, nothing stored)", () => {
  it("v1: create, update and list", async () => {
    const { company, token } = await customer();
    const valid = {
      newsroom_id: company.id,
      portal: "business",
      language: "de",
      title: `Beispiel AG eröffnet Werk ${unique("t")}`,
      body: GOOD_BODY,
      category: categorySlug,
      submit: false,
    };
    for (const [field, value] of [
      ["title", `Werk${NUL} eröffnet heute`],
      ["lead", `Vor${NUL}spann`],
      ["location", `Ber${NUL}lin`],
      ["body", `${GOOD_BODY}\ud800`],
    ] as const) {
      const res = await send("POST", "/api/v1/releases", { token, body: { ...valid, [field]: value } });
      expect([field, res.status]).toEqual([field, 422]);
      expect((await issuesOf(res)).issues?.map((i) => i.path)).toEqual([field]);
    }
    const nested = await send("POST", "/api/v1/releases", {
      token,
      body: { ...valid, keywords: ["ok", `k${NUL}`], contact: { email: `a${NUL}@b.de` } },
    });
    expect((await issuesOf(nested)).issues?.map((i) => i.path)).toEqual(["keywords.1", "contact.email"]);
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);

    const created = await send("POST", "/api/v1/releases", { token, body: valid });
    const { data } = await created.json();
    const put = await send("PUT", `/api/v1/releases/${data.id}`, { token, body: { title: `Neu${NUL} betitelt und lang genug` } });
    expect(put.status).toBe(422);
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: data.id } })).title).toBe(valid.title);

    for (const q of ["q=%00", "category=%00&portal=business", "q=%ED%A0%80"]) {
      const res = await send("GET", `/api/v1/releases?${q}`, { token });
      expect([q, res.status]).toEqual([q, q.includes("ED") ? 200 : 422]);
    }
  });

  it("legacy /service: its own field names in the issues", async () => {
    const { company, token } = await customer();
    const legacy = {
      company_id: company.id,
      title: `Beispiel AG eröffnet Werk ${unique("l")}`,
      text: GOOD_BODY,
      city: "Berlin",
      contact_email: "presse@beispiel.de",
    };
    for (const field of ["text", "city", "subtitle", "contact_name", "category"]) {
      const res = await send("POST", "/service/pressreleases", { token, body: { ...legacy, [field]: `x${NUL}y und noch etwas Text` } });
      expect([field, res.status]).toEqual([field, 422]);
      expect((await issuesOf(res)).issues?.map((i) => i.path)).toEqual([field]);
    }
    expect((await send("GET", "/service/pressreleases?category=%00", { token })).status).toBe(422);
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("dashboard release form: a field issue in German, nothing saved", async () => {
    const { owner, company } = await customer();
    const category = await db.category.findFirstOrThrow({ where: { slug: categorySlug } });
    const values = {
      ...EMPTY_RELEASE_FORM,
      companyId: String(company.id),
      portal: "business",
      categoryId: String(category.id),
      title: `Werk${NUL} eröffnet in Husum`,
      body: GOOD_BODY,
      aiDeclaration: "without_ai",
      location: "Husum",
      contactName: "Presse",
      contactEmail: "presse@beispiel.de",
    };
    const err = await saveDashboardRelease({ userId: owner.id, values, submit: false }).catch((e: unknown) => e);
    expect(actionError(err)).toMatchObject({
      ok: false,
      code: "validation_failed",
      issues: { title: expect.stringContaining("Steuerzeichen") },
    });
    for (const [field, value] of [
      ["categoryId", "99999999999"],
      ["companyId", "2210224512584"],
    ] as const) {
      const refused = await saveDashboardRelease({
        userId: owner.id,
        values: { ...values, title: "Werk eröffnet in Husum", [field]: value },
        submit: false,
      }).catch((e: unknown) => e);
      expect(actionError(refused).issues?.[field]).toBeTruthy();
    }
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("admin comment, registration name, token and passkey names: validation, never a database error", async () => {
    const { owner, company } = await customer();
    const release = await seedCheckedRelease(company.id, owner.id, { data: { reviewFlaggedAt: new Date() } });
    const admin = await seedAdmin();
    await expect(returnRelease({ releaseId: release.id, adminUserId: admin.id, comment: `Bitte${NUL} ändern` })).rejects.toMatchObject({
      code: "validation_failed",
      issues: [{ path: "comment" }],
    });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: release.id } })).status).toBe("in_review");
    await expect(
      registerAccount({
        name: `Eve${NUL}`,
        email: `${unique("eve")}@example.de`,
        password: "a-long-enough-password",
        acceptTerms: true,
        ip: "203.0.113.9",
      }),
    ).rejects.toMatchObject({ code: "validation_failed", issues: [{ path: "name" }] });
    await expect(createApiToken({ userId: owner.id, name: `ci${NUL}`, identityConfirmedAt: new Date() })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(renamePasskey(owner.id, 1, `Key${NUL}`)).rejects.toMatchObject({ code: "validation_failed" });
  });

  it("sign-in and login-link request with NUL in the address: refused like an unknown address", async () => {
    const client = { ip: uniqueClientIp(), userAgent: "test" };
    await expect(signInWithPassword({ email: `a${NUL}@b.de`, password: "whatever-password", client })).rejects.toBeInstanceOf(
      LoginRefusedError,
    );
    await expect(sendLoginLinkMail({ email: `a${NUL}@b.de` })).resolves.toBeUndefined();
  });
});

describe("ids outside PostgreSQL's integer range (404 like any unknown id)", () => {
  it("v1 and legacy paths, and ids in bodies", async () => {
    const { company, token } = await customer();
    for (const [method, path] of [
      ["PUT", "/api/v1/releases/2210224512584"],
      ["DELETE", "/api/v1/releases/6755686096181732"],
      ["POST", "/api/v1/releases/281672211577449/submit"],
      ["GET", "/api/v1/releases/2147483648"],
      ["GET", "/service/pressreleases/99999999999"],
      ["PUT", "/service/pressreleases/99999999999"],
      ["DELETE", "/service/pressreleases/99999999999"],
    ] as const) {
      const res = await send(method, path, { token, ...(method === "PUT" ? { body: { title: "Ein Titel mit genug Zeichen" } } : {}) });
      expect([method, path, res.status]).toEqual([method, path, 404]);
      expect((await issuesOf(res)).code).toBe("not_found");
    }
    const create = await send("POST", "/api/v1/releases", {
      token,
      body: { newsroom_id: 99_999_999_999, portal: "business", language: "de", title: "Ein Titel mit genug Zeichen", body: GOOD_BODY },
    });
    expect((await issuesOf(create)).issues?.map((i) => i.path)).toEqual(["newsroom_id"]);
    const legacy = await send("POST", "/service/pressreleases", {
      token,
      body: { company_id: "99999999999", title: "Ein Titel mit genug Zeichen", text: GOOD_BODY },
    });
    expect(legacy.status).toBe(422);
    expect(await db.pressRelease.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("dashboard pages and server actions: not found", async () => {
    const { owner } = await customer();
    const admin = await seedAdmin();
    const huge = 2 ** 41;
    await expect(ownReleaseOrThrow(owner.id, huge)).rejects.toMatchObject({ code: "not_found" });
    await expect(approveRelease({ releaseId: huge, adminUserId: admin.id, reviewFingerprint: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(returnRelease({ releaseId: NaN, adminUserId: admin.id, comment: "x" })).rejects.toMatchObject({ code: "not_found" });
    await expect(revokeApiToken(owner.id, huge)).rejects.toMatchObject({ code: "not_found" });
    await expect(renamePasskey(owner.id, huge, "Laptop")).rejects.toMatchObject({ code: "not_found" });
    await expect(
      deletePasskey(owner.id, -1, { proof: { identityProvedAt: new Date(), identityProofKind: "passkey" } }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("public routes: legacy view, view beacon, sitemap chunks", async () => {
    const view = (await import("@/app/portal/[portal]/view/[id]/route")).GET;
    const seen = (await import("@/app/portal/[portal]/seen/[id]/route")).GET;
    const chunk = (await import("@/app/portal/[portal]/sitemaps/[file]/route")).GET;
    const req = new Request("http://business.localhost:3000/x");
    for (const id of ["9999999999", "2147483648", "0", "%00"]) {
      expect([id, (await view(req, { params: Promise.resolve({ portal: "business", id }) })).status]).toEqual([id, 404]);
      expect((await seen(req, { params: Promise.resolve({ portal: "business", id }) })).status).toBe(200);
    }
    for (const file of ["releases-999999.xml", "releases-214748.xml", "releases-214749.xml"]) {
      expect([file, (await chunk(req, { params: Promise.resolve({ portal: "business", file }) })).status]).toEqual([file, 404]);
    }
  });
});

describe("slugs that cannot name anything (404, never a database error)", () => {
  it("feeds, shares and page parameters", async () => {
    const categoryFeed = (await import("@/app/portal/[portal]/[edition]/category/[slug]/feed/route")).GET;
    const newsroomFeed = (await import("@/app/portal/[portal]/[edition]/newsroom/[slug]/feed/route")).GET;
    const share = (await import("@/app/portal/[portal]/press-release/[slug]/share/route")).POST;
    const releasePage = (await import("@/app/portal/[portal]/[edition]/pressemitteilung/[slug]/route")).GET;
    const req = () =>
      new Request("http://business.localhost:3000/x", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ channel: "x" }),
      });
    for (const slug of ["%00", NUL, "%F2%88%88", "a".repeat(300)]) {
      const params = Promise.resolve({ portal: "business", edition: "de", slug });
      expect([slug.slice(0, 9), (await categoryFeed(req(), { params })).status, (await newsroomFeed(req(), { params })).status]).toEqual([
        slug.slice(0, 9),
        404,
        404,
      ]);
      expect((await share(req(), { params: Promise.resolve({ portal: "business", slug }) })).status).toBe(404);
      expect((await releasePage(new Request("http://business.localhost:3000/x"), { params })).status).toBe(404);
    }
  });
});

describe("the Inngest endpoint", () => {
  it("does not exist without Inngest (404, not the SDK's 500), and serves once a signing key is set", async () => {
    const { GET, PUT } = await import("@/app/api/inngest/route");
    const req = (method: string) =>
      new NextRequest("http://hub.localhost:3000/api/inngest", {
        method,
        headers: { "content-type": "application/json" },
        ...(method === "GET" ? {} : { body: "{}" }),
      });
    for (const res of [await GET(req("GET"), undefined), await PUT(req("PUT"), undefined)]) {
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
    process.env.INNGEST_SIGNING_KEY = "signkey-test-0123456789abcdef0123456789abcdef";
    resetConfigForTests();
    try {
      // Unsigned: the SDK refuses it itself.
      expect((await GET(req("GET"), undefined)).status).toBe(401);
    } finally {
      delete process.env.INNGEST_SIGNING_KEY;
      resetConfigForTests();
    }
  });
});

describe("the database's refusal as a last line", () => {
  it("turns into a form message, not an unexpected error, and is reported as a slip", async () => {
    const err = await db.user.findUnique({ where: { email: `slip${NUL}@x.de` } }).catch((e: unknown) => e);
    expect(actionError(err)).toMatchObject({ ok: false, code: "validation_failed" });
    expect(reports).toHaveBeenCalledWith(err, expect.objectContaining({ level: "warning" }));
    reports.mockClear();
  });
});
