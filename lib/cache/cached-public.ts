import { unstable_cache } from "next/cache";
import { isPublicCacheActive } from "./invalidation-poller";
import { PUBLIC_TAG } from "./public-tags";

/** Seconds an answer is served before it is refreshed in the background (tags drop it sooner). */
export const PAGE_REVALIDATE_SECONDS = 300;

// Next stores results as JSON; dates and bigints need to come back as what they were.
function replacer(this: Record<string, unknown>, key: string, value: unknown) {
  const raw = this[key];
  if (raw instanceof Date) return { $date: raw.toISOString() };
  if (typeof raw === "bigint") return { $bigint: raw.toString() };
  return value;
}

function reviver(_key: string, value: unknown) {
  if (value && typeof value === "object") {
    const v = value as { $date?: unknown; $bigint?: unknown };
    if (typeof v.$date === "string") return new Date(v.$date);
    if (typeof v.$bigint === "string") return BigInt(v.$bigint);
  }
  return value;
}

/**
 * Wraps a public read in Next's server cache. The key is the name plus the arguments (which
 * always include portal and edition where the answer depends on them), the tags say which
 * changes drop it. Outside a server that follows invalidations (tests, console) it just runs.
 */
export function cachedPublic<A extends (string | number | null)[], R>(
  name: string,
  read: (...args: A) => Promise<R>,
  opts: { tags: (...args: A) => string[]; revalidate?: number },
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    if (!isPublicCacheActive()) return read(...args);
    const cached = unstable_cache(async () => JSON.stringify(await read(...args), replacer), [name, ...args.map(String)], {
      tags: [PUBLIC_TAG, ...opts.tags(...args)],
      revalidate: opts.revalidate ?? PAGE_REVALIDATE_SECONDS,
    });
    return JSON.parse(await cached(), reviver) as R;
  };
}
