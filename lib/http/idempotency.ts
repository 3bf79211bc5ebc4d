import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "./errors";

const KEY = /^[A-Za-z0-9._:-]{8,200}$/;

/**
 * Idempotency-Key for POST endpoints: the first request with a key reserves it (insert-or-
 * ignore on (scope, key)), runs, and stores its response; a retry with the same key and body
 * gets that response again instead of a second release. A retry while the first is still
 * running answers 409; the same key with another body answers 422.
 */
export async function withIdempotency(
  request: Request,
  scope: string,
  body: unknown,
  run: () => Promise<{ status: number; body: unknown }>,
): Promise<Response> {
  const key = request.headers.get("idempotency-key");
  if (key === null) {
    const r = await run();
    return Response.json(r.body, { status: r.status, headers: { "cache-control": "no-store" } });
  }
  if (!KEY.test(key)) throw new AppError("validation_failed", "Idempotency-Key must be 8–200 characters of letters, digits and . _ : -", undefined, [{ path: "Idempotency-Key", message: "Invalid format." }]);
  const requestHash = createHash("sha256").update(JSON.stringify(body ?? null)).digest("hex");
  const reserved = await db.$executeRaw`
    INSERT INTO idempotency_keys (scope, key, request_hash, created_at) VALUES (${scope}, ${key}, ${requestHash}, now())
    ON CONFLICT (scope, key) DO NOTHING`;
  if (reserved === 0) {
    const first = await db.idempotencyKey.findUniqueOrThrow({ where: { scope_key: { scope, key } } });
    if (first.requestHash !== requestHash) throw new AppError("validation_failed", "This Idempotency-Key was used with a different request body.");
    if (first.responseStatus === null) throw new AppError("conflict", "A request with this Idempotency-Key is still being processed.", undefined, undefined, { "Retry-After": "1" });
    return Response.json(first.responseBody, { status: first.responseStatus, headers: { "cache-control": "no-store", "idempotent-replayed": "true" } });
  }
  try {
    const r = await run();
    await db.idempotencyKey.update({ where: { scope_key: { scope, key } }, data: { responseStatus: r.status, responseBody: (r.body ?? Prisma.JsonNull) as Prisma.InputJsonValue } });
    return Response.json(r.body, { status: r.status, headers: { "cache-control": "no-store" } });
  } catch (err) {
    // A failed first attempt frees the key: the client may retry once it fixed the cause.
    await db.idempotencyKey.deleteMany({ where: { scope, key, responseStatus: null } });
    throw err;
  }
}
