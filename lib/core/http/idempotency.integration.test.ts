import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ReleaseInput } from "@/lib/adapters/api/schemas";
import { db } from "@/lib/core/db/client";
import { IDEMPOTENCY_LEASE_SECONDS } from "@/lib/core/http/idempotency";
import { send } from "@/tests/api-client";
import { unique } from "@/tests/factories";
import { apiNewsroom, apiReleaseBody, seedApiCategory } from "@/tests/release-fixtures";

// Idempotency-Key on POST /api/v1/releases (lib/core/http/idempotency.ts, docs/api.md "Idempotency"),
// driven through the real route handler. A stranded reservation, one whose attempt ended without
// storing an answer (the database went away, the instance died), is written straight into
// idempotency_keys as such an attempt leaves it.

let category: string;
beforeAll(async () => {
  category = await seedApiCategory();
});

async function client() {
  const newsroom = await apiNewsroom();
  return { ...newsroom, scope: `v1:releases:${newsroom.owner.id}` };
}

const releaseBody = (newsroomId: number, extra: Record<string, unknown> = {}) =>
  apiReleaseBody(newsroomId, category, { submit: false, ...extra });

/** The hash the handler stores for a body: of the body as the route's schema parsed it. */
const requestHashOf = (body: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(ReleaseInput.parse(body)))
    .digest("hex");

/** A reservation left behind by an attempt that never stored its answer. */
function strand(scope: string, key: string, body: unknown, opts: { leaseUntil: Date | null; resourceId?: number; createdAt?: Date }) {
  return db.idempotencyKey.create({
    data: {
      scope,
      key,
      requestHash: requestHashOf(body),
      leaseUntil: opts.leaseUntil,
      resourceId: opts.resourceId ?? null,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
      ...(opts.leaseUntil ? { attempt: crypto.randomUUID() } : {}),
    },
  });
}

const releasesOf = (companyId: number) => db.pressRelease.count({ where: { companyId } });
const keyRow = (scope: string, key: string) => db.idempotencyKey.findUnique({ where: { scope_key: { scope, key } } });

describe("Idempotency-Key on POST /api/v1/releases", () => {
  it("replays the first answer to a retry with the same key and body, and creates one release", async () => {
    const { api, company, scope } = await client();
    const body = releaseBody(company.id);
    const key = unique("retry-key");
    const first = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect([first.status, first.headers.get("idempotent-replayed")]).toEqual([201, null]);

    const retry = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect([retry.status, retry.body.data.id, retry.headers.get("idempotent-replayed")]).toEqual([201, first.body.data.id, "true"]);
    expect(retry.body).toEqual(first.body);
    expect(await releasesOf(company.id)).toBe(1);
    // The stored reservation is finished: its answer, its release, no lease; the hash is the one the helpers here compute.
    expect(await keyRow(scope, key)).toMatchObject({
      requestHash: requestHashOf(body),
      responseStatus: 201,
      resourceId: first.body.data.id,
      leaseUntil: null,
    });
  });

  it("answers 409 with the seconds left of the lease while another attempt holds the key", async () => {
    const { api, company, scope } = await client();
    const body = releaseBody(company.id);
    const key = unique("held-key");
    const leaseUntil = new Date(Date.now() + 20_000);
    await strand(scope, key, body, { leaseUntil });

    const before = Date.now();
    const res = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    const after = Date.now();
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: "conflict", message: expect.any(String), requestId: expect.any(String) } });
    const retryAfter = res.headers.get("retry-after")!;
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(Math.ceil((leaseUntil.getTime() - after) / 1000));
    expect(Number(retryAfter)).toBeLessThanOrEqual(Math.ceil((leaseUntil.getTime() - before) / 1000));
    expect(await releasesOf(company.id)).toBe(0);
    // The holder keeps its reservation.
    expect(await keyRow(scope, key)).toMatchObject({ responseStatus: null, leaseUntil });
  });

  it("asks for at least one second when less than a second of the lease is left", async () => {
    const { api, company, scope } = await client();
    const body = releaseBody(company.id);
    const key = unique("ending-key");
    await strand(scope, key, body, { leaseUntil: new Date(Date.now() + 5_000) });
    // Moved to its last moments by the database's own clock, which the takeover goes by.
    await db.$executeRaw`UPDATE idempotency_keys SET lease_until = now() + interval '400 milliseconds' WHERE scope = ${scope} AND key = ${key}`;
    const res = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect([res.status, res.body.error.code, res.headers.get("retry-after")]).toEqual([409, "conflict", "1"]);
  });

  it("takes over a reservation whose lease has passed and creates the release once", async () => {
    const { api, company, scope } = await client();
    const body = releaseBody(company.id);
    const key = unique("expired-key");
    const stranded = await strand(scope, key, body, { leaseUntil: new Date(Date.now() - 1_000) });

    const res = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect([res.status, res.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await releasesOf(company.id)).toBe(1);
    const row = await keyRow(scope, key);
    expect(row).toMatchObject({ id: stranded.id, responseStatus: 201, resourceId: res.body.data.id, leaseUntil: null });
    expect(row!.attempt).not.toBe(stranded.attempt);

    const replay = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect([replay.status, replay.body.data.id, replay.headers.get("idempotent-replayed")]).toEqual([201, res.body.data.id, "true"]);
    expect(await releasesOf(company.id)).toBe(1);
  });

  it("takes over a reservation from before leases existed (no lease) once a lease's time has passed since it was made, and creates the release once", async () => {
    const { api, company, scope } = await client();
    const body = releaseBody(company.id);
    const key = unique("old-key");
    await strand(scope, key, body, { leaseUntil: null, createdAt: new Date(Date.now() - (IDEMPOTENCY_LEASE_SECONDS + 1) * 1000) });

    const res = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect(res.status).toBe(201);
    expect(await releasesOf(company.id)).toBe(1);
    expect(await keyRow(scope, key)).toMatchObject({ responseStatus: 201, resourceId: res.body.data.id, leaseUntil: null });
  });

  it("leaves a reservation from before leases to its attempt while a lease's time has not passed (an attempt of the previous version may still run)", async () => {
    const { api, company, scope } = await client();
    const body = releaseBody(company.id);
    const key = unique("rolling-key");
    await strand(scope, key, body, { leaseUntil: null, createdAt: new Date(Date.now() - 5_000) });

    const res = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect(res.status).toBe(409);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(IDEMPOTENCY_LEASE_SECONDS - 6);
    expect(await releasesOf(company.id)).toBe(0);
  });

  it("finishes the release a stranded attempt created instead of creating a second one", async () => {
    const { api, company, scope } = await client();
    const body = releaseBody(company.id, { submit: true });
    const key = unique("bound-key");
    // The earlier attempt committed its draft and bound it to the key, then lost its answer before the submission.
    const draft = await api.call("createRelease", { body: { ...body, submit: false } });
    expect([draft.status, draft.body.data.status]).toEqual([201, "draft"]);
    await strand(scope, key, body, { leaseUntil: new Date(Date.now() - 1_000), resourceId: draft.body.data.id });
    const before = await releasesOf(company.id);

    const res = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect([res.status, res.body.data.id]).toEqual([201, draft.body.data.id]);
    expect(res.body.data.status).not.toBe("draft");
    const stored = await db.pressRelease.findUniqueOrThrow({ where: { id: draft.body.data.id }, select: { status: true } });
    expect(stored.status).not.toBe("draft");
    expect(stored.status).toBe(res.body.data.status);
    expect(await releasesOf(company.id)).toBe(before);
    expect(await keyRow(scope, key)).toMatchObject({ responseStatus: 201, resourceId: draft.body.data.id, leaseUntil: null });

    const replay = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect([replay.status, replay.body.data.id, replay.headers.get("idempotent-replayed")]).toEqual([201, draft.body.data.id, "true"]);
    expect(await releasesOf(company.id)).toBe(before);
  });

  it("lets exactly one of five simultaneous retries take over an expired reservation", async () => {
    const { api, company, scope } = await client();
    const body = releaseBody(company.id);
    const key = unique("race-key");
    await strand(scope, key, body, { leaseUntil: new Date(Date.now() - 1_000) });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.call("createRelease", { body, headers: { "Idempotency-Key": key } })),
    );
    const fresh = answers.filter((a) => a.status === 201 && a.headers.get("idempotent-replayed") === null);
    expect(fresh).toHaveLength(1);
    const id = fresh[0]!.body.data.id;
    for (const a of answers.filter((x) => x !== fresh[0])) {
      if (a.status === 409) {
        expect(a.body.error.code).toBe("conflict");
        expect(Number(a.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect(Number(a.headers.get("retry-after"))).toBeLessThanOrEqual(IDEMPOTENCY_LEASE_SECONDS);
      } else {
        expect([a.status, a.body.data.id, a.headers.get("idempotent-replayed")]).toEqual([201, id, "true"]);
      }
    }
    expect(await releasesOf(company.id)).toBe(1);
    expect(await keyRow(scope, key)).toMatchObject({ responseStatus: 201, resourceId: id, leaseUntil: null });
  });

  it("frees the key after a first attempt that fails with a client error, so the retry is answered afresh", async () => {
    const { api, company, scope } = await client();
    const body = releaseBody(company.id, { category: unique("gibt-es-nicht") });
    const key = unique("failed-key");

    const first = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect([first.status, first.body.error.code, first.body.error.issues?.[0]?.path]).toEqual([422, "validation_failed", "category"]);
    expect(await keyRow(scope, key)).toBeNull();

    const retry = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect([retry.status, retry.body.error.code, retry.headers.get("retry-after")]).toEqual([422, "validation_failed", null]);
    expect(await keyRow(scope, key)).toBeNull();
    expect(await releasesOf(company.id)).toBe(0);
  });

  it("stores the AI declaration in the transaction that creates the draft", async () => {
    const { api, company, token, scope } = await client();
    const body = releaseBody(company.id, { ai_declaration: "ai_generated" });
    const key = unique("ai-key");
    const res = await api.call("createRelease", { body, headers: { "Idempotency-Key": key } });
    expect([res.status, res.body.data.ai_declaration]).toEqual([201, "ai_generated"]);
    const id = res.body.data.id as number;

    expect(
      await db.pressReleaseAiDeclaration.findMany({
        where: { pressReleaseId: id },
        select: { scope: true, declaration: true, version: true },
      }),
    ).toEqual([{ scope: "text", declaration: "ai_generated", version: 1 }]);
    // One transaction wrote both rows: PostgreSQL stamps each row with the id of the transaction that wrote it.
    const [written] = await db.$queryRaw<{ release: string; declaration: string; history: string }[]>`
      SELECT (SELECT xmin::text FROM press_releases WHERE id = ${id}) AS release,
             (SELECT xmin::text FROM press_release_ai_declarations WHERE press_release_id = ${id}) AS declaration,
             (SELECT min(xmin::text) FROM press_release_history WHERE press_release_id = ${id}) AS history`;
    expect(written!.declaration).toBe(written!.release);
    expect(written!.history).toBe(written!.release);
    expect(await keyRow(scope, key)).toMatchObject({ responseStatus: 201, resourceId: id });

    const shown = await send("GET", `/api/v1/releases/${id}`, { token });
    expect((await shown.json()).data.ai_declaration).toBe("ai_generated");
  });
});
