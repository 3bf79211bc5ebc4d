import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { resetLimitersForTests } from "@/lib/core/ratelimit/limiter";
import { RecordIdParam } from "@/lib/core/input/ids";
import { QuotaExceededException } from "@/lib/core/errors/errors";
import { setErrorReporter } from "./problem";
import { apiRoute, json, registerAuthResolver } from "./route";

const post = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://hub.localhost/api/v1/things", { method: "POST", body, headers });

afterEach(() => {
  resetLimitersForTests();
  delete process.env.API_RATE_LIMIT_PER_MINUTE;
});

describe("apiRoute", () => {
  const create = apiRoute(
    { route: "/api/v1/things", body: z.object({ title: z.string().min(3), count: z.number().int() }) },
    async ({ body }) => json({ ok: body.title }, { status: 201 }),
  );

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
    const route = apiRoute({ route: "/api/v1/things" }, async () => {
      throw new QuotaExceededException();
    });
    const res = await route(new Request("http://x/"));
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe("quota_exceeded");
  });

  it("hides unexpected errors behind a 500 and reports them", async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    const route = apiRoute({ route: "/api/v1/things" }, async () => {
      throw new Error("connection string postgresql://secret@db leaked");
    });
    const res = await route(new Request("http://x/"));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret");
    expect(reporter).toHaveBeenCalledOnce();
  });

  it("refuses a route whose auth kind has no resolver instead of letting it through", async () => {
    const route = apiRoute({ route: "/api/v1/things", auth: "session" }, async () => json({ leaked: true }));
    const res = await route(new Request("http://x/"));
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("leaked");
  });

  it("uses the registered resolver's answer", async () => {
    registerAuthResolver("token", async (req) => {
      if (req.headers.get("authorization") !== "Bearer good")
        throw Object.assign(new (await import("@/lib/core/errors/errors")).AppError("unauthenticated", "Missing token."));
      return { kind: "token", id: "t1", userId: 1 };
    });
    const route = apiRoute({ route: "/api/v1/things", auth: "token" }, async ({ principal }) => json({ user: principal?.userId }));
    expect((await route(new Request("http://x/"))).status).toBe(401);
    expect(await (await route(new Request("http://x/", { headers: { authorization: "Bearer good" } }))).json()).toEqual({ user: 1 });
  });

  it("limits by policy with X-RateLimit headers and Retry-After in seconds", async () => {
    process.env.API_RATE_LIMIT_PER_MINUTE = "2";
    const { resetConfigForTests } = await import("@/lib/core/config");
    resetConfigForTests();
    const route = apiRoute({ route: "/api/v1/things", rateLimit: "api" }, async () => json({ ok: true }));
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

describe("apiRoute against hostile input", () => {
  const create = apiRoute(
    {
      route: "/api/v1/things",
      body: z.object({ title: z.string(), tags: z.array(z.string()).optional(), contact: z.object({ email: z.string() }).optional() }),
    },
    async ({ body }) => json({ ok: body.title }, { status: 201 }),
  );
  const list = apiRoute({ route: "/api/v1/things", query: z.object({ q: z.string().optional() }) }, async ({ query }) =>
    json({ q: query.q ?? null }),
  );
  const byId = apiRoute({ route: "/api/v1/things", params: z.object({ id: RecordIdParam }) }, async ({ params }) =>
    json({ id: params.id }),
  );
  const callById = (id: string) => byId(new Request(`http://x/things/${id}`), { params: Promise.resolve({ id }) });

  it("refuses NUL and unpaired surrogates in a body with 422 naming each field", async () => {
    const res = await create(post(JSON.stringify({ title: "a\u0000b", tags: ["ok", "\ud83d"], contact: { email: "x\u0000@y.de" } })));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.issues.map((i: { path: string }) => i.path)).toEqual(["title", "tags.1", "contact.email"]);
  });

  it("refuses NUL in a query parameter with 422 naming it", async () => {
    const res = await list(new Request("http://x/things?q=%00"));
    expect(res.status).toBe(422);
    expect((await res.json()).error.issues).toEqual([{ path: "q", message: expect.stringContaining("NUL") }]);
  });

  it("answers 404 for a path id that cannot be a record, like for an unknown one", async () => {
    for (const id of ["2210224512584", "6755686096181732", "0", "-4", "abc", "0x10", "\u0000"]) {
      const res = await callById(id);
      expect([id, res.status]).toEqual([id, 404]);
      expect((await res.json()).error.code).toBe("not_found");
    }
    expect(await (await callById("2147483647")).json()).toEqual({ id: 2147483647 });
  });

  it("refuses a body over the limit with 413 before reading it all, declared or streamed", async () => {
    const small = apiRoute({ route: "/api/v1/things", body: z.object({ title: z.string() }), maxBodyBytes: 64 }, async () =>
      json({ ok: true }),
    );
    const declared = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "999999999" },
      body: "{}",
    });
    expect((await small(declared)).status).toBe(413);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode(`"${"x".repeat(1000)}",`));
      },
    });
    const streamed = new Request("http://x/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect((await small(streamed)).status).toBe(413);
    expect(pulled).toBeLessThan(5);
  });

  it("answers 400 for a body nested too deep for a schema to care, never a crash", async () => {
    const res = await create(post(`{"title":"x","tags":${"[".repeat(200_000)}${"]".repeat(200_000)}}`));
    expect(res.status).toBe(422);
    expect((await create(post(`${"[".repeat(100_000)}`))).status).toBe(400);
  });

  it("maps a value the database refused (boundary missed) to 422 and reports it as a warning", async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    const route = apiRoute({ route: "/api/v1/things" }, async () => {
      throw Object.assign(new Error("Database error"), { meta: { driverAdapterError: { cause: { originalCode: "22021" } } } });
    });
    const res = await route(new Request("http://x/"));
    expect(res.status).toBe(422);
    expect(reporter).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ level: "warning" }));
    setErrorReporter(null);
  });
});

describe("route patterns", () => {
  // Signals to the error tracker are throttled per route pattern (lib/core/observability/sentry): a
  // handler naming another folder's pattern would share or split that allowance.
  it("every handler under app/ names its own folder as its route pattern", () => {
    const app = join(process.cwd(), "app");
    const files = readdirSync(app, { recursive: true, encoding: "utf8" }).filter((f) => /(?:^|\/)route\.tsx?$/.test(f));
    const named = files.flatMap((file) => {
      const source = readFileSync(join(app, file), "utf8");
      return [...source.matchAll(/apiRoute\(\s*\{\s*route:\s*"([^"]+)"/g)].map((m) => ({
        file,
        route: m[1],
        folder: `/${relative(app, dirname(join(app, file)))}`,
      }));
    });
    const calls = files.reduce((n, file) => n + (readFileSync(join(app, file), "utf8").match(/apiRoute\(/g)?.length ?? 0), 0);
    expect(named.length).toBe(calls);
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((n) => n.route !== n.folder)).toEqual([]);
  });
});
