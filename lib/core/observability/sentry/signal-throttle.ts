/** Each kind of signal together may send this many times the per-route allowance a minute. */
export const KIND_CAP_FACTOR = 3;

interface Bucket {
  tokens: number;
  at: number;
  suppressed: number;
}

/**
 * Token buckets in this process's memory: one per key (kind, status and route pattern) holding
 * `perMinute` tokens, refilled evenly over a minute, and one per signal kind holding
 * KIND_CAP_FACTOR × `perMinute`. An event goes only when both buckets have a token, so a flood
 * on one route sends at most `perMinute` events a minute, and no spread of requests over routes
 * sends more than KIND_CAP_FACTOR × `perMinute` of one kind, while a rare signal always goes
 * through. Per process on purpose: signals are a trend, not a count, and a shared store would put
 * Redis on every refused request. Keys are route patterns, not request paths, so they are few;
 * the bound only guards against a caller passing raw paths, and the kind cap holds regardless.
 */
export function signalThrottle(perMinute: number, opts: { maxKeys?: number; now?: () => number } = {}) {
  const maxKeys = opts.maxKeys ?? 500;
  const now = opts.now ?? Date.now;
  const kindCap = perMinute * KIND_CAP_FACTOR;
  const buckets = new Map<string, Bucket>();
  const kinds = new Map<string, Bucket>();

  const refill = (bucket: Bucket, cap: number, t: number) => {
    bucket.tokens = Math.min(cap, bucket.tokens + ((t - bucket.at) * cap) / 60_000);
    bucket.at = t;
  };

  return {
    /** Whether one event of `kind` for `key` may go now; `suppressed` counts those of the key held back since the last that went. */
    take(kind: string, key: string): { ok: true; suppressed: number } | { ok: false } {
      const t = now();
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value!);
        bucket = { tokens: perMinute, at: t, suppressed: 0 };
        buckets.set(key, bucket);
      }
      let kindBucket = kinds.get(kind);
      if (!kindBucket) {
        kindBucket = { tokens: kindCap, at: t, suppressed: 0 };
        kinds.set(kind, kindBucket);
      }
      refill(bucket, perMinute, t);
      refill(kindBucket, kindCap, t);
      if (bucket.tokens < 1 || kindBucket.tokens < 1) {
        bucket.suppressed++;
        return { ok: false };
      }
      bucket.tokens -= 1;
      kindBucket.tokens -= 1;
      const suppressed = bucket.suppressed;
      bucket.suppressed = 0;
      return { ok: true, suppressed };
    },
  };
}
