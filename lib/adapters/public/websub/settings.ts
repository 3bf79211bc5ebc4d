import { getConfig } from "@/lib/core/config";
import type { OutboundPolicy } from "@/lib/core/http/outbound";

// The hub's numbers in one place (docs/portals.md "WebSub").

/** hub.lease_seconds: 10 days when none is asked for; what is asked is held to [1 hour, 30 days]. */
export const LEASE_SECONDS = { default: 10 * 86_400, min: 3_600, max: 30 * 86_400 } as const;

/** Subscriptions (verified, and requests waiting for their verification) per topic and per callback host. */
export const SUBSCRIPTION_LIMITS = { perTopic: 1_000, perCallbackHost: 100 } as const;

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

/**
 * Where the hub may send requests. Loopback callbacks only where configured (the embedded default;
 * refused in strict mode); private addresses never (lib/core/http/outbound.ts).
 */
export function outboundPolicy(): OutboundPolicy {
  return { allowLocalhost: getConfig().webhooks.allowLocalhost };
}
