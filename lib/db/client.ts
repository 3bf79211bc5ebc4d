import { PrismaPg } from "@prisma/adapter-pg";
import { getConfig } from "@/lib/config";
import { PrismaClient } from "@/lib/generated/prisma/client";

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

function createClient(): PrismaClient {
  const { database } = getConfig();
  const adapter = new PrismaPg({
    connectionString: databaseUrl(),
    // PGlite's connections share one backend, so more than one would mix transactions.
    max: database.url ? database.poolSize : 1,
    // Lock waits end with an error instead of hanging (spec: DB_LOCK_WAIT_TIMEOUT).
    ...(database.url ? { options: `-c lock_timeout=${database.lockWaitTimeoutMs}` } : {}),
  });
  return new PrismaClient({ adapter });
}

// One client per process; the global survives Next's module reloads in development.
const globalForDb = globalThis as unknown as { __pdPrisma?: PrismaClient };

export function getDb(): PrismaClient {
  globalForDb.__pdPrisma ??= createClient();
  return globalForDb.__pdPrisma;
}

/** The shared client, created on first use so configuration is read at run time, not build time. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = getDb();
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
