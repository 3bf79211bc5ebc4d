import type { WebsubMode } from "@/lib/generated/prisma/client";

// The URLs the hub GETs at a callback: the callback with the hub's parameters added (WebSub 5.3).

/** hub.challenge: 256 random bits, hex (64 characters). */
export const CHALLENGE_BYTES = 32;

/** The callback with the hub's parameters added to whatever query it has (kept byte for byte). */
export function withHubQuery(callback: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${callback}${callback.includes("?") ? "&" : "?"}${query}`;
}

/** The intent verification's URL; the lease only to subscribe. */
export function verificationUrl(v: { mode: WebsubMode; topic: string; callback: string; leaseSeconds: number | null }, challenge: string) {
  const params: Record<string, string> = { "hub.mode": v.mode, "hub.topic": v.topic, "hub.challenge": challenge };
  if (v.mode === "subscribe") params["hub.lease_seconds"] = String(v.leaseSeconds);
  return withHubQuery(v.callback, params);
}

/**
 * How long the verification URL of a request will be, as the outbound check measures it (what
 * was written and the parser's form): over its MAX_OUTBOUND_URL_LENGTH it could never be sent.
 */
export function verificationUrlLength(v: Parameters<typeof verificationUrl>[0]): number {
  const url = verificationUrl(v, "0".repeat(CHALLENGE_BYTES * 2));
  let href = url;
  try {
    href = new URL(url).href;
  } catch {
    // An unparsable URL is refused by the callback's own check before this matters.
  }
  return Math.max(url.length, href.length);
}
