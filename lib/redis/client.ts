import { Redis } from "ioredis";

const clients = new Map<string, Redis>();

/**
 * One ioredis connection per URL and process. Commands queue while it (re)connects and give up
 * after two retries, so a Redis outage surfaces as an error instead of a hanging request.
 */
export function getRedis(url: string): Redis {
  let client = clients.get(url);
  if (!client) {
    client = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 2000, enableAutoPipelining: true });
    client.on("error", () => {
      // Errors reach the callers of each command; the event would otherwise crash the process.
    });
    clients.set(url, client);
  }
  return client;
}

export async function closeRedisClients(): Promise<void> {
  await Promise.all([...clients.values()].map((c) => c.quit().catch(() => c.disconnect())));
  clients.clear();
}
