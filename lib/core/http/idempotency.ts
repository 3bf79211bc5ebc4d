import { createHash, randomUUID } from "node:crypto";
import { db, type Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";

const KEY = /^[A-Za-z0-9._:-]{8,200}$/;

/**
 * How long an unfinished reservation holds: the API's request time limit (vercel.json,
 * maxDuration 30 s) and a margin. An attempt that ended without storing its answer (the
 * database went away under it, the instance died) never strands the key longer than this.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 35;

/** When a reservation's lease ends; one from before leases holds for a lease from its creation. */
const LEASE_END = Prisma.sql`COALESCE(idempotency_keys.lease_until, idempotency_keys.created_at + make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}))`;

type Answer = { status: number; body: unknown };

/** What a first attempt may do with its reservation: bind the resource it creates, in the create's own transaction. */
export interface IdempotencyClaim {
  bindResource(tx: Tx, resourceId: number): Promise<void>;
}

interface Handlers {
  run: (claim: IdempotencyClaim) => Promise<Answer>;
  /** Finishes, and answers for, a resource an earlier attempt created and bound but could not answer for. */
  recover?: (resourceId: number) => Promise<Answer>;
}

const noStore = (extra: Record<string, string> = {}) => ({ "cache-control": "no-store", ...extra });

/**
 * Idempotency-Key for POST endpoints (docs/api.md "Idempotency"). The first request reserves the
 * key for IDEMPOTENCY_LEASE_SECONDS, runs and stores its answer; a retry with the same key and
 * body gets that answer again instead of a second release. A retry while the reservation's lease
 * runs answers 409 with Retry-After; after it, the retry takes the reservation over (one
 * statement, so of two retries one wins) and runs afresh, or, when the earlier attempt had
 * created its release, finishes that one. The same key with another body answers 422.
 */
export async function withIdempotency(request: Request, scope: string, body: unknown, handlers: Handlers): Promise<Response> {
  const key = request.headers.get("idempotency-key");
  if (key === null) {
    const r = await handlers.run({ bindResource: async () => {} });
    return Response.json(r.body, { status: r.status, headers: noStore() });
  }
  if (!KEY.test(key))
    throw new AppError("validation_failed", "Idempotency-Key must be 8–200 characters of letters, digits and . _ : -", undefined, [
      { path: "Idempotency-Key", message: "Invalid format." },
    ]);
  const requestHash = createHash("sha256")
    .update(JSON.stringify(body ?? null))
    .digest("hex");
  const attempt = randomUUID();
  const [held] = await db.$queryRaw<{ resource_id: number | null }[]>`
    INSERT INTO idempotency_keys (scope, key, request_hash, created_at, lease_until, attempt)
    VALUES (${scope}, ${key}, ${requestHash}, now(), now() + make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}), ${attempt}::uuid)
    ON CONFLICT (scope, key) DO UPDATE SET lease_until = EXCLUDED.lease_until, attempt = EXCLUDED.attempt
      WHERE idempotency_keys.response_status IS NULL
        AND idempotency_keys.request_hash = EXCLUDED.request_hash
        AND ${LEASE_END} <= now()
    RETURNING resource_id`;
  if (!held) return answerOfEarlierAttempt(scope, key, requestHash);

  const mine = { scope, key, attempt };
  try {
    const r =
      held.resource_id !== null
        ? await recoverWith(handlers, held.resource_id)
        : await handlers.run({
            async bindResource(tx, resourceId) {
              // An attempt that outlived its lease lost the key to a successor: its create rolls back.
              const { count } = await tx.idempotencyKey.updateMany({ where: mine, data: { resourceId } });
              if (count === 0)
                throw new AppError("conflict", "This request's Idempotency-Key was taken over by a retry; its answer comes from there.");
            },
          });
    // Only the holder stores: an attempt that outlived its lease leaves the answer to its successor.
    await db.idempotencyKey.updateMany({
      where: mine,
      data: { responseStatus: r.status, responseBody: (r.body ?? Prisma.JsonNull) as Prisma.InputJsonValue, leaseUntil: null },
    });
    return Response.json(r.body, { status: r.status, headers: noStore() });
  } catch (err) {
    await giveUp(mine).catch(() => {
      // The database is away: the lease ends by itself.
    });
    throw err;
  }
}

function recoverWith(handlers: Handlers, resourceId: number): Promise<Answer> {
  if (!handlers.recover) throw new Error("an Idempotency-Key bound to a resource needs a recover handler");
  return handlers.recover(resourceId);
}

/**
 * A failed attempt that created nothing frees the key: the client may retry once it fixed the
 * cause. One whose release was committed ends its lease now, so the retry finishes that release.
 */
async function giveUp(mine: { scope: string; key: string; attempt: string }): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { ...mine, responseStatus: null, resourceId: null } });
  await db.idempotencyKey.updateMany({ where: { ...mine, responseStatus: null }, data: { leaseUntil: new Date() } });
}

async function answerOfEarlierAttempt(scope: string, key: string, requestHash: string): Promise<Response> {
  // The lease's seconds left by the database's clock, which also set and judges it.
  const [first] = await db.$queryRaw<{ requestHash: string; responseStatus: number | null; responseBody: unknown; secondsLeft: number }[]>`
    SELECT request_hash AS "requestHash", response_status AS "responseStatus", response_body AS "responseBody",
           GREATEST(1, CEIL(EXTRACT(EPOCH FROM (${LEASE_END} - now()))))::int AS "secondsLeft"
    FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`;
  // Gone between the two statements: the first attempt failed and freed the key.
  if (!first)
    throw new AppError(
      "conflict",
      "A request with this Idempotency-Key has just ended without an answer. Retry it.",
      undefined,
      undefined,
      { "Retry-After": "1" },
    );
  if (first.requestHash !== requestHash)
    throw new AppError("validation_failed", "This Idempotency-Key was used with a different request body.");
  if (first.responseStatus === null) {
    throw new AppError("conflict", "A request with this Idempotency-Key is still being processed.", undefined, undefined, {
      "Retry-After": String(first.secondsLeft),
    });
  }
  return Response.json(first.responseBody, { status: first.responseStatus, headers: noStore({ "idempotent-replayed": "true" }) });
}
