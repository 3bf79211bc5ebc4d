// PostgreSQL away (stopped, restarting, unreachable, out of connections) is an outage of a
// dependency, not a fault of the request: the answer is 503 with Retry-After (lib/core/http/problem.ts),
// and our server turns a page's 500 into that 503 while the outage is fresh (scripts/next-server.mjs).
import { markDatabaseAway } from "./outage-signal.mjs";
import { errorSummary } from "@/lib/core/errors/error-summary";

export { DATABASE_RETRY_AFTER_SECONDS } from "./outage-signal.mjs";

/** Prisma's codes for a database it cannot reach or that dropped the connection. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** The driver adapter's kinds for the same. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** PostgreSQL: connection exceptions (class 08 without 08P01, a protocol violation), shutdown and start-up (57P01-57P03), too many connections. */
const POSTGRES_CODE = /^(0800[0-7]|57P0[123]|53300)$/;
// Not pg-pool's "timeout exceeded when trying to connect": that is a wait for a busy pool, no outage.
const PG_MESSAGES = /Connection terminated|Client has encountered a connection error|Can't reach database server/;

type ErrorLike = {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown; code?: unknown } } };
};

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as ErrorLike | null | undefined, depth = 0; e && typeof e === "object" && depth < 5; e = e.cause as ErrorLike, depth++) {
    if (typeof e.code === "string" && (PRISMA_CODES.has(e.code) || POSTGRES_CODE.test(e.code))) return true;
    const cause = e.meta?.driverAdapterError?.cause;
    if (cause && (ADAPTER_KINDS.has(String(cause.kind)) || POSTGRES_CODE.test(String(cause.originalCode ?? "")))) return true;
    if (typeof e.message === "string" && PG_MESSAGES.test(e.message)) return true;
  }
  return false;
}

let warnedAt = 0;

export function noteDatabaseUnavailable(err: unknown, now = Date.now()): void {
  markDatabaseAway(now);
  // One line per ten seconds of outage: health says the rest.
  if (now - warnedAt > 10_000) {
    warnedAt = now;
    console.warn("database: unavailable, answering 503:", errorSummary(err));
  }
}

/** Notes the outage when `err` is one; true then. */
export function whenDatabaseUnavailable(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  noteDatabaseUnavailable(err);
  return true;
}
