import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { getConfig } from "@/lib/core/config";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { runAfterCommit, trackTransaction } from "./after-commit";
import { noteDatabaseUnavailable } from "./unavailable";

export type Db = PrismaClient;
/** The client handed to callbacks of `db.$transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
/** A domain function takes either the client or an open transaction. */
export type DbOrTx = PrismaClient | Tx;

/** Where the database lives: DATABASE_URL, or the embedded PGlite served on its local port. */
export function databaseUrl(): string {
  const { database } = getConfig();
  return database.url ?? `postgresql://postgres:postgres@127.0.0.1:${database.embeddedPort}/postgres?sslmode=disable`;
}

export const CONNECT_TIMEOUT_MS = 2_000;

/**
 * A connection that gives up when the server does not accept it within CONNECT_TIMEOUT_MS. pg
 * says so with a bare "timeout expired"; the socket code makes the driver adapter report it as
 * the timeout it is (lib/core/db/unavailable.ts).
 */
export class TimedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }

  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error | null, c: pg.Client) => void): void;
  override connect(callback?: (err: Error | null, c: pg.Client) => void): Promise<pg.Client> | void {
    const marked = (err: Error) =>
      err?.message === "timeout expired" ? Object.assign(err, { code: "ETIMEDOUT", syscall: "connect", errno: -110 }) : err;
    if (callback) return super.connect((err: Error | null) => callback(err && marked(err), this));
    return super.connect().catch((err: Error) => Promise.reject(marked(err)));
  }
}

function createClient(): PrismaClient {
  const { database } = getConfig();
  const adapter = new PrismaPg(
    {
      connectionString: databaseUrl(),
      // PGlite's connections share one backend, so more than one would mix transactions.
      max: database.url ? database.poolSize : 1,
      // Lock waits end with an error instead of hanging (spec: DB_LOCK_WAIT_TIMEOUT).
      ...(database.url ? { options: `-c lock_timeout=${database.lockWaitTimeoutMs}` } : {}),
      // A database that does not accept a connection in time is away: the request answers 503
      // instead of waiting (lib/core/db/unavailable.ts). Set on the connection, not the pool, where it
      // would also end a wait for a busy pool's free connection.
      Client: TimedClient,
    },
    {
      // A pooled connection the server ended (a restart) is an outage seen before any query fails.
      onPoolError: noteDatabaseUnavailable,
      onConnectionError: noteDatabaseUnavailable,
    },
  );
  return new PrismaClient({ adapter });
}

// One client per process; the global survives Next's module reloads in development.
const globalForDb = globalThis as unknown as { __pdPrisma?: PrismaClient };

export function getDb(): PrismaClient {
  globalForDb.__pdPrisma ??= createClient();
  return globalForDb.__pdPrisma;
}

/**
 * An interactive transaction that runs what was registered with afterCommit (lib/core/db/after-commit.ts)
 * once it committed, before it returns; a batch (an array of queries) is passed through.
 */
function transactionWithAfterCommit(client: PrismaClient): PrismaClient["$transaction"] {
  return (async (work: unknown, options?: unknown) => {
    if (typeof work !== "function") return client.$transaction(work as never, options as never);
    let list: ReturnType<typeof trackTransaction> = [];
    const result = await client.$transaction(async (tx) => {
      list = trackTransaction(tx);
      return (work as (tx: Tx) => Promise<unknown>)(tx);
    }, options as never);
    await runAfterCommit(list);
    return result;
  }) as PrismaClient["$transaction"];
}

/** The shared client, created on first use so configuration is read at run time, not build time. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = getDb();
    if (prop === "$transaction") return transactionWithAfterCommit(client);
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** True for the client of an open interactive transaction, false for the shared client. */
export function isTransaction(client: DbOrTx): boolean {
  return client !== db && client !== globalForDb.__pdPrisma;
}

/**
 * Runs `work` in the caller's transaction when one is given (an admin action that authorized in
 * it first), else in a transaction of its own: a domain function's state change and its audit
 * rows then commit together either way.
 */
export function inTransaction<T>(client: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  return client ? work(client) : db.$transaction(work);
}

export async function disconnectPrisma(): Promise<void> {
  const client = globalForDb.__pdPrisma;
  globalForDb.__pdPrisma = undefined;
  await client?.$disconnect();
}
