import { createServer, type Server } from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { CONNECT_TIMEOUT_MS, db, TimedClient } from "@/lib/core/db/client";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, noteDatabaseUnavailable } from "@/lib/core/db/unavailable";
import { actionError } from "@/lib/core/forms/action-result";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { setErrorReporter, toErrorResponse } from "@/lib/core/http/problem";
import { seedUser } from "@/tests/factories";

// A database that is away is an outage, not a fault of the request (lib/core/db/unavailable.ts): the
// API answers 503 with Retry-After and a form asks to send again, and neither is reported as an
// error. The errors here are real: a client pointed at a port nobody listens on, and, for the
// errors that are not an outage, the test database itself.

const UNAVAILABLE_AT = Symbol.for("pressdesk.db.unavailableAt");
const slot = globalThis as unknown as Record<symbol, number | undefined>;

let away: PrismaClient;
beforeAll(async () => {
  away = new PrismaClient({
    adapter: new PrismaPg({ connectionString: "postgresql://postgres@127.0.0.1:1/postgres", connectionTimeoutMillis: 1000 }),
  });
  // Loads the client's query compiler (a few hundred milliseconds, once per client, as at a
  // server's start); with a driver adapter it opens no connection, so this succeeds.
  await away.$connect();
});
afterAll(async () => {
  await away.$disconnect();
});

const reporter = vi.fn();
afterEach(() => {
  setErrorReporter(null);
  reporter.mockReset();
});

/** What `query` throws, and the time it started (performance.now()). */
async function thrownBy(query: () => Promise<unknown>): Promise<{ err: unknown; startedAt: number }> {
  const startedAt = performance.now();
  try {
    await query();
  } catch (err) {
    return { err, startedAt };
  }
  throw new Error("the query did not fail");
}

const QUERIES: [string, () => Promise<unknown>][] = [
  ["a raw query", () => away.$queryRaw`select 1`],
  ["a model read", () => away.user.findFirst({ where: { id: 1 } })],
  ["a transaction", () => away.$transaction(async (tx) => tx.user.count())],
];

describe("a database that cannot be reached", () => {
  it.each(QUERIES)("is recognised as unavailable from what %s throws", async (_, query) => {
    const { err } = await thrownBy(query);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each(QUERIES)("answers %s's failure with 503 and Retry-After within 500 ms of the query starting, unreported", async (_, query) => {
    setErrorReporter(reporter);
    slot[UNAVAILABLE_AT] = undefined;
    const { err, startedAt } = await thrownBy(query);
    const res = toErrorResponse(err, "rid");
    const elapsed = performance.now() - startedAt;

    expect(elapsed).toBeLessThan(500);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(String(DATABASE_RETRY_AFTER_SECONDS)).toBe("5");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: { code: "service_unavailable", message: expect.any(String), requestId: "rid" } });
    expect(reporter).not.toHaveBeenCalled();
    // The outage is noted for the server, which turns a page's 500 into 503 while it is fresh.
    expect(slot[UNAVAILABLE_AT]).toBeGreaterThan(Date.now() - 5_000);
  });

  it.each(QUERIES)("answers a form with a German request to send it again when %s fails, unreported", async (_, query) => {
    setErrorReporter(reporter);
    const { err, startedAt } = await thrownBy(query);
    const result = actionError(err);
    expect(performance.now() - startedAt).toBeLessThan(500);
    expect(result).toEqual({ ok: false, code: "service_unavailable", message: expect.stringMatching(/nicht erreichbar.*erneut/) });
    expect(reporter).not.toHaveBeenCalled();
  });

  it("is recognised when the server takes the connection but never answers, once the service's connect timeout ends", async () => {
    const silent: Server = createServer(() => {}).listen(0, "127.0.0.1");
    await new Promise((resolve) => silent.once("listening", resolve));
    const port = (silent.address() as { port: number }).port;
    const client = new PrismaClient({
      adapter: new PrismaPg({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres`, Client: TimedClient }),
    });
    try {
      await client.$connect();
      setErrorReporter(reporter);
      const { err, startedAt } = await thrownBy(() => client.$queryRaw`select 1`);
      const res = toErrorResponse(err, "rid");
      expect(performance.now() - startedAt).toBeLessThan(CONNECT_TIMEOUT_MS + 500);
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect([res.status, res.headers.get("retry-after")]).toEqual([503, "5"]);
      expect(reporter).not.toHaveBeenCalled();
    } finally {
      await client.$disconnect();
      silent.close();
    }
  });
});

/** A real lock timeout: a row held by one transaction, waited for by another with a short lock_timeout. */
async function lockTimeout(): Promise<unknown> {
  const user = await seedUser();
  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  const holder = db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`;
      locked();
      await held;
    },
    { timeout: 20_000 },
  );
  try {
    await isLocked;
    const { err } = await thrownBy(() =>
      db.$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL lock_timeout = '200ms'`;
        await tx.user.update({ where: { id: user.id }, data: { name: "Waiting" } });
      }),
    );
    return err;
  } finally {
    release();
    await holder;
  }
}

describe("errors that are not an outage", () => {
  const CASES: [string, () => Promise<unknown>, number][] = [
    ["an ordinary Error", async () => new Error("Something broke"), 500],
    ["a ZodError", async () => z.object({ title: z.string() }).safeParse({ title: 7 }).error, 422],
    [
      "a unique-constraint violation",
      async () => {
        const user = await seedUser();
        return (await thrownBy(() => db.user.create({ data: { email: user.email, name: "Twin" } }))).err;
      },
      500,
    ],
    ["a lock timeout", lockTimeout, 500],
  ];

  it.each(CASES)("%s is not taken for an unavailable database, answered as before and not noted", async (_, make, status) => {
    const err = await make();
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err)).toBe(false);

    setErrorReporter(reporter);
    slot[UNAVAILABLE_AT] = undefined;
    const res = toErrorResponse(err, "rid");
    expect(res.status).toBe(status);
    expect(res.headers.get("retry-after")).toBeNull();
    expect((await res.json()).error.code).not.toBe("service_unavailable");
    expect(actionError(err).code).not.toBe("service_unavailable");
    expect(slot[UNAVAILABLE_AT]).toBeUndefined();
    // A fault of the service is reported; a validation error is the client's.
    expect(reporter).toHaveBeenCalledTimes(status === 500 ? 2 : 0);
  });
});

describe("noteDatabaseUnavailable", () => {
  it("records the time it is given in the process-wide slot", () => {
    const before = slot[UNAVAILABLE_AT];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      noteDatabaseUnavailable(new Error("Can't reach database server"), 1_700_000_000_123);
      expect((globalThis as unknown as Record<symbol, unknown>)[Symbol.for("pressdesk.db.unavailableAt")]).toBe(1_700_000_000_123);
    } finally {
      warn.mockRestore();
      slot[UNAVAILABLE_AT] = before;
    }
  });
});
