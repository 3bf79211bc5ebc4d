import type { Breadcrumb, Event } from "@sentry/nextjs";
import { MASK, scrubText, stripQuery } from "@/lib/core/observability/scrub-text";

// The error tracker's privacy filter (docs/security.md "Error tracker"): one function for error
// events (beforeSend) and transactions (beforeSendTransaction), one for breadcrumbs. It walks
// every field, so data a future SDK version adds is filtered too, not only the fields named here.

/** Fields whose value goes, whatever it holds: credentials, client addresses, query strings. */
const DROPPED_KEY =
  /cookie|authorization|password|passwd|secret|token|csrf|api[_-]?key|session[_-]?id|^(?:x-forwarded-for|x-real-ip|forwarded|cf-connecting-ip|true-client-ip|x-client-ip|fastly-client-ip|x-cluster-client-ip|ip|ip_address|client_ip|remote_addr|query_string)$|(?:^|\.)(?:query|client\.address|peer\.address|peer\.ip|sock\.peer_addr|sock\.peer\.addr)$/i;

/** Structural ids the tracker needs as they are (hex trace ids, the release). */
const KEPT_KEY = new Set([
  "event_id",
  "trace_id",
  "span_id",
  "parent_span_id",
  "segment_id",
  "profile_id",
  "replay_id",
  "debug_id",
  "release",
  "dist",
  "timestamp",
  "start_timestamp",
  "type",
  "level",
  "platform",
  "sampled",
]);

/** Where a stack frame points: paths and function names lose a query, never their identifiers (grouping depends on them). */
const FRAME_LOCATION_KEY = new Set(["filename", "abs_path", "module", "function", "package", "instruction_addr"]);

const MAX_DEPTH = 24;

/** A filtered copy: never changes the value it was given (a breadcrumb's console arguments are the caller's own objects). */
function scrubValue(value: unknown, key: string, depth: number): unknown {
  if (typeof value === "string") {
    if (KEPT_KEY.has(key)) return value;
    return FRAME_LOCATION_KEY.has(key) ? stripQuery(value) : scrubText(value);
  }
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH) return MASK.secret;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, key, depth + 1));
  if (value instanceof Error) return scrubText(`${value.name}: ${value.message}`);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (DROPPED_KEY.test(k)) continue;
    // A key may itself be the secret (a header named by a client, a map keyed by address).
    const clean = scrubText(k);
    out[clean] = clean === k ? scrubValue(v, k, depth + 1) : MASK.secret;
  }
  return out;
}

/**
 * The privacy filter for events and transactions: no user (no address, no e-mail), no request
 * body, cookies, environment or query string; every other string masked (scrub-text.ts).
 */
export function scrubEvent<T extends Event>(event: T): T {
  // sdkProcessingMetadata is read by the SDK's own processors and never sent; leave it to them.
  const { sdkProcessingMetadata, user: _user, request, ...rest } = event;
  const clean = scrubValue(rest, "", 0) as T;
  if (request) {
    const { cookies: _c, data: _d, env: _e, query_string: _q, ...kept } = request;
    clean.request = scrubValue(kept, "request", 1) as T["request"];
  }
  if (sdkProcessingMetadata) clean.sdkProcessingMetadata = sdkProcessingMetadata;
  return clean;
}

/** The same filter for a breadcrumb before it is stored on the scope (beforeBreadcrumb). */
export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  return scrubValue(breadcrumb, "", 0) as Breadcrumb;
}
