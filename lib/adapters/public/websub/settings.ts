import { getConfig } from "@/lib/core/config";
import type { OutboundPolicy } from "@/lib/core/http/outbound";

// The hub's numbers in one place (docs/portals.md "WebSub").

/** hub.lease_seconds: 10 days when none is asked for; what is asked is held to [1 hour, 30 days]. */
export const LEASE_SECONDS = { default: 10 * 86_400, min: 3_600, max: 30 * 86_400 } as const;

/**
 * Subscriptions (verified, and requests waiting for their verification) per topic, per callback
 * domain (callback-domain.ts: the registrable domain, so subdomains are no way around it) and per
 * topic and callback domain (so one party cannot take a topic's places from its subscribers).
 */
export const SUBSCRIPTION_LIMITS = { perTopic: 1_000, perCallbackHost: 100, perTopicAndCallbackHost: 10 } as const;

/** hub.secret is an HMAC key, not a document (WebSub 5.1: less than 200 bytes). */
export const MAX_SECRET_BYTES = 200;

/** Every outgoing request of the hub: verification GETs and content POSTs. */
export const OUTBOUND_LIMITS = { timeoutMs: 15_000, maxResponseBytes: 64 * 1024 } as const;

/** Waits after the 1st, 2nd … failed attempt of a delivery; after the last one it is given up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;

/** Per callback host: requests at once (across processes) and started per second. */
export const HOST_LANE = { concurrency: 4, perSecond: 10 } as const;

/** Requests in flight across all hosts in one run of the distributor. */
export const MAX_IN_FLIGHT = 64;

/** Host lanes one run works at once; further hosts wait their turn, the longest due first. */
export const MAX_LANES = 32;

/**
 * Database work the distributor does at once in one process (claims, record-keeping, feed builds):
 * at most half the pool, so web requests always find a connection.
 */
export const dbWorkSlots = () => Math.max(1, Math.floor(getConfig().database.poolSize / 2));

/**
 * Where the hub may send requests. Loopback callbacks only where configured (the embedded default;
 * refused in strict mode); private addresses never (lib/core/http/outbound.ts).
 */
export function outboundPolicy(): OutboundPolicy {
  return { allowLocalhost: getConfig().webhooks.allowLocalhost };
}
