import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { LegacyListQuery, LegacyReleaseInput } from "@/lib/adapters/api/legacy";
import { documentedStatuses, ENDPOINTS } from "@/lib/adapters/api/openapi";
import { ErrorBody } from "@/lib/adapters/api/schemas";
import { createApiToken } from "@/lib/domains/api-tokens/tokens";
import { resetConfigForTests } from "@/lib/core/config";
import { db } from "@/lib/core/db/client";
import { setErrorReporter } from "@/lib/core/http/problem";
import { sendRaw } from "./api-client";
import { seedRelease, seedUser, unique } from "./factories";
import { bodyVariant, idSegment, queryVariant, type BodyVariant } from "./fuzz/hostile";
import type { Hints } from "./fuzz/schema-arbitrary";
import { GOOD_BODY, seedNewsroom } from "./release-fixtures";

// Property: whatever a client sends to any v1 or legacy operation, the answer is a 2xx, 3xx or
// a documented 4xx in the one error shape, and nothing reaches the error tracker. Requests are
// valid ones (drawn from the zod schemas behind the OpenAPI document) with hostile mutations,
// sent through the real route handlers against a real database. On a failure fast-check prints
// the seed and the shrunk request to replay it.

const BATCH = 8;
const RUNS = Number(process.env.FUZZ_RUNS ?? 650);

interface Operation {
  id: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: z.ZodType;
  body?: z.ZodType;
  idempotent?: boolean;
  statuses: number[];
  ok: { status: number; schema?: z.ZodType | undefined };
}

const v1: Operation[] = ENDPOINTS.map((e) => ({
  id: e.operationId,
  method: e.method.toUpperCase() as Operation["method"],
  path: e.path,
  ...(e.query ? { query: e.query } : {}),
  ...(e.body ? { body: e.body } : {}),
  ...(e.idempotent ? { idempotent: true } : {}),
  statuses: documentedStatuses(e),
  ok: e.ok,
}));

// The legacy family's contract (docs/api.md): the wrapper's statuses plus its domain outcomes.
const legacy = (o: Omit<Operation, "statuses"> & { errors: number[]; params?: boolean }): Operation => ({
  ...o,
  statuses: documentedStatuses({
    ...(o.params ? { params: {} as never } : {}),
    ...(o.query ? { query: {} as never } : {}),
    ...(o.body ? { body: o.body } : {}),
    idempotent: o.method === "POST" && !!o.body,
    errors: o.errors,
  }),
});
const LEGACY: Operation[] = [
  legacy({ id: "legacyList", method: "GET", path: "/service/pressreleases", query: LegacyListQuery, errors: [], ok: { status: 200 } }),
  legacy({
    id: "legacyCreate",
    method: "POST",
    path: "/service/pressreleases",
    body: LegacyReleaseInput,
    errors: [409, 428],
    ok: { status: 201 },
  }),
  legacy({ id: "legacyGet", method: "GET", path: "/service/pressreleases/{id}", params: true, errors: [], ok: { status: 200 } }),
  legacy({
    id: "legacyUpdate",
    method: "PUT",
    path: "/service/pressreleases/{id}",
    params: true,
    body: LegacyReleaseInput.partial(),
    errors: [409, 428],
    ok: { status: 200 },
  }),
  legacy({ id: "legacyDelete", method: "DELETE", path: "/service/pressreleases/{id}", params: true, errors: [409], ok: { status: 204 } }),
  legacy({ id: "legacyImages", method: "POST", path: "/service/pressreleases/{id}/images", errors: [410], ok: { status: 410 } }),
];
const OPERATIONS = [...v1, ...LEGACY];

interface World {
  tokens: { good: string; noAccess: string };
  releaseIds: number[];
  hints: Hints;
}

let world: World;
const reports = vi.fn();
const statusCounts = new Map<number, number>();
let sent = 0;

beforeAll(async () => {
  // The fuzzer is one client sending thousands of requests (a bad token among them now and
  // then): neither the rate limit nor the failed-authentication throttle is under test here.
  process.env.API_RATE_LIMIT_PER_MINUTE = "1000000";
  process.env.API_AUTH_FAILURES_PER_IP = "1000000";
  resetConfigForTests();
  setErrorReporter(reports);

  const business = unique("energie");
  const tech = unique("software");
  await db.category.createMany({
    data: [
      { portal: "business", slug: business, nameDe: "Energie", nameEn: "Energy" },
      { portal: "tech", slug: tech, nameDe: "Software", nameEn: "Software" },
      { portal: "business", slug: unique("alt"), nameDe: "Alt", nameEn: "Old", isActive: false },
    ],
  });
  const { owner, company } = await seedNewsroom({ portal: "both", quota: 100_000 });
  await db.company.update({ where: { id: company.id }, data: { email: `presse@${unique("firma")}.de` } });
  const other = await seedNewsroom();
  const noAccess = await seedNewsroom({ apiAccess: false });
  const token = async (userId: number) => (await createApiToken({ userId, name: "fuzz", identityConfirmedAt: new Date() })).token;
  const now = new Date();
  const own = (data: Record<string, unknown>) =>
    seedRelease({ companyId: company.id, authorUserId: owner.id, title: `Werk ${unique("w")} eröffnet`, body: GOOD_BODY, ...data });
  const releases = await Promise.all([
    own({ status: "draft" }),
    own({ status: "in_review" }),
    own({ status: "rejected" }),
    own({ status: "published", publishedAt: now, publishedEverAt: now }),
    own({ status: "scheduled", scheduledAt: new Date(Date.now() + 86_400_000) }),
    own({ status: "draft", deletedAt: now }),
    seedRelease({ companyId: other.company.id, authorUserId: other.owner.id, status: "draft" }),
  ]);
  const member = await seedUser();
  await db.companyUser.create({ data: { companyId: company.id, userId: member.id, role: "member", grantedVia: "manual" } });

  const text = fc.oneof(
    fc.constant(GOOD_BODY),
    fc.constant(`<h2>Zwischentitel</h2>${GOOD_BODY}<ul><li>Punkt</li></ul><a href="https://example.org">Link</a>`),
    fc.string({ minLength: 1, maxLength: 300 }),
  );
  world = {
    tokens: { good: await token(owner.id), noAccess: await token(noAccess.owner.id) },
    releaseIds: releases.map((r) => r.id),
    hints: {
      newsroom_id: fc.constantFrom(company.id, company.id, other.company.id, 2_147_483_647),
      company_id: fc.constantFrom(company.id, String(company.id), other.company.id),
      company_email: fc.constantFrom((await db.company.findUniqueOrThrow({ where: { id: company.id } })).email!, "unknown@example.de"),
      category: fc.constantFrom(business, tech, "no-such-category"),
      body: text,
      text,
      title: fc.string({ unit: "grapheme", minLength: 10, maxLength: 120 }).filter((t) => t.trim().length >= 10),
    },
  };
});

afterAll(() => {
  setErrorReporter(null);
  delete process.env.API_RATE_LIMIT_PER_MINUTE;
  delete process.env.API_AUTH_FAILURES_PER_IP;
  resetConfigForTests();
  const histogram = [...statusCounts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
  console.log(`api fuzz: ${sent} requests through ${OPERATIONS.length} operations; statuses ${histogram}`);
});

interface FuzzRequest {
  /** The operation's id: fast-check prints the request, and an id reads better than a schema. */
  op: string;
  path: string;
  query: string;
  auth: string | null;
  idempotencyKey: string | null;
  body: BodyVariant;
}

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    op: fc.constant(op.id),
    path: op.path.includes("{id}") ? idSegment(world.releaseIds).map((id) => op.path.replace("{id}", id)) : fc.constant(op.path),
    query: op.query ? queryVariant(op.query, world.hints) : fc.oneof(fc.constant(""), fc.constantFrom("x=%00", "q=%", "id=99999999999")),
    auth: fc.oneof(
      { weight: 17, arbitrary: fc.constant(`Bearer ${world.tokens.good}`) },
      { weight: 1, arbitrary: fc.constant(`Bearer ${world.tokens.noAccess}`) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(null, "Bearer", "Bearer ", "Basic dXNlcjpwdw==", "Bearer pd_unknown", `bearer ${"x".repeat(5000)}`),
      },
    ),
    idempotencyKey: op.idempotent
      ? fc.oneof(
          fc.constant(null),
          fc.string({ minLength: 8, maxLength: 40 }).map((k) => k.replace(/[^A-Za-z0-9._:-]/g, "k")),
          fc.constantFrom("short", "with space here", "x".repeat(300), "ä-not-ascii-key"),
        )
      : fc.constant(null),
    body: op.body ? bodyVariant(op.body, world.hints) : fc.constant<BodyVariant>({ contentType: null, body: undefined }),
  });
}

/** Header values a real HTTP client can send: Latin-1 only (a fetch Request refuses others). */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, "?");

const byId = new Map(OPERATIONS.map((o) => [o.id, o]));

async function run(r: FuzzRequest): Promise<void> {
  const op = byId.get(r.op)!;
  // The test plays the proxy in front (tests/setup.ts): one client address for the whole run.
  const headers: Record<string, string> = { "x-forwarded-for": "198.51.100.77" };
  if (r.auth) headers.authorization = r.auth;
  if (r.idempotencyKey) headers["idempotency-key"] = headerSafe(r.idempotencyKey);
  if (r.body.contentType) headers["content-type"] = r.body.contentType;
  const path = r.query ? `${r.path}?${r.query}` : r.path;
  const res = await sendRaw(op.method, path, { headers, ...(r.body.body !== undefined ? { body: r.body.body } : {}) });
  sent++;
  statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
  const text = await res.text();
  const where = `${op.method} ${path.slice(0, 200)} → ${res.status}: ${text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  expect(text, where).not.toMatch(/prisma|invocation|PrismaClient|DriverAdapter|at [\w.]+ \(/i);
  if (res.status === op.ok.status) {
    if (op.ok.schema && text) op.ok.schema.parse(JSON.parse(text));
    return;
  }
  expect(op.statuses, `undocumented status: ${where}`).toContain(res.status);
  const body = ErrorBody.parse(JSON.parse(text));
  expect(body.error.requestId, where).toBe(res.headers.get("x-request-id"));
}

describe("API fuzzing (v1 and legacy, through the real handlers)", () => {
  it(`answers ${RUNS * BATCH} hostile requests without a 5xx, each 4xx documented and in the error shape`, async () => {
    const request = fc.oneof(...OPERATIONS.map(requestFor));
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await Promise.all(batch.map(run));
      }),
      { numRuns: RUNS },
    );
    expect(reports).not.toHaveBeenCalled();
    expect(sent).toBeGreaterThanOrEqual(RUNS * BATCH);
    // Every operation was exercised, and the handlers were reached, not only refused at the door.
    for (const status of [200, 201, 204, 404, 422]) expect(statusCounts.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
  }, 300_000);
});
