import { afterEach, describe, expect, it } from "vitest";
import { GET } from "@/app/health/route";
import { resetConfigForTests } from "@/lib/config";
import { disconnectPrisma } from "@/lib/db/client";
import { recordHeartbeat } from "@/lib/jobs/heartbeat";

const get = (token?: string) => GET(new Request("http://hub.localhost/health", { headers: token ? { authorization: `Bearer ${token}` } : {} }));

afterEach(() => {
  resetConfigForTests();
});

describe("GET /health", () => {
  it("answers 401 without the bearer token or with a wrong one", async () => {
    for (const res of [await get(), await get("nope")]) {
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(body.error.code).toBe("unauthenticated");
      expect(body.error.requestId).toBeTruthy();
      expect(body).not.toHaveProperty("checks");
    }
  });

  it("answers 200 with every check and the version", async () => {
    process.env.APP_VERSION = "9.8.7-test";
    resetConfigForTests();
    await recordHeartbeat();
    const res = await get("dev-health-token");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("ok");
    expect(body.version).toBe("9.8.7-test");
    expect(Object.keys(body.checks).sort()).toEqual(["cache", "database", "disk", "queue", "scheduler"]);
    delete process.env.APP_VERSION;
  });

  it("answers 503 when the scheduler has gone quiet", async () => {
    await recordHeartbeat(undefined, new Date(Date.now() - 60 * 60_000));
    const res = await get("dev-health-token");
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.checks.scheduler.status).toBe("fail");
    expect(body.checks.database.status).toBe("ok");
    await recordHeartbeat();
  });

  it("answers 503 when the database is unreachable", async () => {
    const url = process.env.DATABASE_URL;
    await disconnectPrisma();
    process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/unreachable";
    resetConfigForTests();
    try {
      const res = await get("dev-health-token");
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.status).toBe("fail");
      expect(body.checks.database.status).toBe("fail");
      expect(body.checks.cache.status).toBe("ok");
    } finally {
      await disconnectPrisma();
      process.env.DATABASE_URL = url;
      resetConfigForTests();
    }
  });
});
