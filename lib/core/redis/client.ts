import { Redis } from "ioredis";
import { breakerFor, guarded, REDIS_OPTIONS, type Breaker } from "./breaker.mjs";

const clients = new Map<string, Redis>();

/**
 * One ioredis connection per URL and process, with the service's Redis options: no offline
 * queue and a short command timeout (lib/core/redis/breaker.mjs), so an outage surfaces at once as
 * an error instead of a waiting request.
 */
export function getRedis(url: string): Redis {
  let client = clients.get(url);
  if (!client) {
    client = new Redis(url, REDIS_OPTIONS);
    client.on("error", () => {
      // Errors reach the callers of each command; the event would otherwise crash the process.
    });
    clients.set(url, client);
  }
  return client;
}

/** A Redis use that answers without Redis while it is away: `op` when it can, else `fallback`. */
export interface GuardedRedis {
  readonly client: Redis;
  readonly breaker: Breaker;
  run<T>(op: (redis: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
}

export function guardedRedis(url: string): GuardedRedis {
  const client = getRedis(url);
  const breaker = breakerFor(url);
  return { client, breaker, run: (op, fallback) => guarded(client, breaker, () => op(client), fallback) };
}

export async function closeRedisClients(): Promise<void> {
  await Promise.all([...clients.values()].map((c) => c.quit().catch(() => c.disconnect())));
  clients.clear();
}
