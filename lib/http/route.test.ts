import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { resetLimitersForTests } from "@/lib/ratelimit/limiter";
import { QuotaExceededException } from "./errors";
import { setErrorReporter } from "./problem";
import { apiRoute, json, registerAuthResolver } from "./route";

const post = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://hub.localhost/api/v1/things", { method: "POST", body, headers });

afterEach(() => {
  resetLimitersForTests();
  delete process.env.API_RATE_LIMIT_PER_MINUTE;
});

describe("apiRoute", () => {
  const create = apiRoute({ body: z.object({ title: z.string().min(3), count: z.number().int() }) }, async ({ body }) => json({ ok: body.title }, { status: 201 }));

  it("parses the body and echoes a sane request id", async () => {
    const res = await create(post('{"title":"Hello","count":2}', { "content-type": "application/json", "x-request-id": "req-12345678" }));
    expect(res.status).toBe(201);
    expect(res.headers.get("x-request-id")).toBe("req-12345678");
    expect(await res.json()).toEqual({ ok: "Hello" });
  });

  it("answers 422 with the documented body and every issue", async () => {
    const res = await create(post('{"title":"Hi","count":1.5}'));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
    expect(body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["count", "title"]);
  });

  it("answers 400 on broken JSON and 415 on another media type", async () => {
    expect((await create(post("{nope"))).status).toBe(400);
    expect((await create(post("title=x", { "content-type": "application/x-www-form-urlencoded" }))).status).toBe(415);
  });

  it("maps named domain exceptions through the one table", async () => {
    const route = apiRoute({}, async () => {
      throw new QuotaExceededException();
    });
    const res = await route(new Request("http://x/"));
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe("quota_exceeded");
  });

  it("hides unexpected errors behind a 500 and reports them", async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    const route = apiRoute({}, async () => {
      throw new Error("connection string postgresql://secret@db leaked");
    });
    const res = await route(new Request("http://x/"));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret");
    expect(reporter).toHaveBeenCalledOnce();
  });

  it("refuses a route whose auth kind has no resolver instead of letting it through", async () => {
    const route = apiRoute({ auth: "session" }, async () => json({ leaked: true }));
    const res = await route(new Request("http://x/"));
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("leaked");
  });

  it("uses the registered resolver's answer", async () => {
    registerAuthResolver("token", async (req) => {
      if (req.headers.get("authorization") !== "Bearer good") throw Object.assign(new (await import("./errors")).AppError("unauthenticated", "Missing token."));
      return { kind: "token", id: "t1", userId: 1 };
    });
    const route = apiRoute({ auth: "token" }, async ({ principal }) => json({ user: principal?.userId }));
    expect((await route(new Request("http://x/"))).status).toBe(401);
    expect(await (await route(new Request("http://x/", { headers: { authorization: "Bearer good" } }))).json()).toEqual({ user: 1 });
  });

  it("limits by policy with X-RateLimit headers and Retry-After in seconds", async () => {
    process.env.API_RATE_LIMIT_PER_MINUTE = "2";
    const { resetConfigForTests } = await import("@/lib/config");
    resetConfigForTests();
    const route = apiRoute({ rateLimit: "api" }, async () => json({ ok: true }));
    // A client address of its own, so earlier runs in the same minute do not count.
    const ip = `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Date.now().toString(16).slice(-4)}`;
    const req = () => new Request("http://x/", { headers: { "x-forwarded-for": ip } });
    const first = await route(req());
    expect(first.headers.get("X-RateLimit-Limit")).toBe("2");
    expect(first.headers.get("X-RateLimit-Remaining")).toBe("1");
    await route(req());
    const third = await route(req());
    expect(third.status).toBe(429);
    const retryAfter = Number(third.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(third.headers.get("X-RateLimit-Reset"))).toBeLessThan(Date.now() / 1000 + 61);
    resetConfigForTests();
  });
});
