import PublicCacheHandler from "@/lib/core/cache/next-cache-handler.mjs";
import { isPublicCacheActive } from "./invalidation-poller";
import { PUBLIC_TAG } from "@/lib/domains/sites/public-tags";
import { noteRenderFacts } from "@/lib/adapters/public/stored-answers/render-facts";

/** Seconds an answer is served before it is read again (tags drop it sooner). */
export const PAGE_REVALIDATE_SECONDS = 300;

// Stored as JSON; dates and bigints need to come back as what they were.
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

interface StoredAnswer {
  kind: "PUBLIC";
  body: string;
  expiresAt: number;
}

/** Reads of one key that are under way in this process: a burst of misses computes once. */
const inFlight = new Map<string, Promise<string>>();

/**
 * Wraps a public read in the server cache: the store and tag invalidation of Next's cache handler
 * (lib/core/cache/next-cache-handler.mjs), shared through Redis. The key is the name plus the
 * arguments (which always include portal and edition where the answer depends on them); the
 * tags say which changes drop it, `tagsOf` adds those only the answer knows (the newsroom of a
 * release found by its slug). Outside a server that follows invalidations (tests, console) it
 * just runs.
 *
 * Not through `unstable_cache`: with Next 16.4 a render whose unstable_cache read waits for I/O
 * stays reachable long after its response (measured: ~50 KB a request, a 4 GB heap exhausted
 * under sustained load); reading the same store directly does not.
 */
export function cachedPublic<A extends (string | number | null)[], R>(
  name: string,
  read: (...args: A) => Promise<R>,
  opts: { tags: (...args: A) => string[]; tagsOf?: (answer: R) => string[]; revalidate?: number },
): (...args: A) => Promise<R> {
  const revalidate = opts.revalidate ?? PAGE_REVALIDATE_SECONDS;
  // A page whose bytes are stored (lib/adapters/public/stored-answers) is dropped by the same tags and read again as soon.
  const noted = async (result: R, tags: string[], expiresAt: number) => {
    await noteRenderFacts({
      tags: [...tags, ...(opts.tagsOf?.(result) ?? [])],
      revalidate: Math.max(1, Math.floor((expiresAt - Date.now()) / 1000)),
    });
    return result;
  };
  return async (...args: A) => {
    const tags = [PUBLIC_TAG, ...opts.tags(...args)];
    if (!isPublicCacheActive()) return noted(await read(...args), tags, Date.now() + revalidate * 1000);
    const key = `public:${name}:${JSON.stringify(args)}`;
    const handler = new PublicCacheHandler();
    const hit = (await handler.get(key, { tags }))?.value as StoredAnswer | undefined;
    if (hit?.kind === "PUBLIC" && hit.expiresAt > Date.now()) return noted(JSON.parse(hit.body, reviver) as R, tags, hit.expiresAt);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        const startedAt = Date.now();
        const result = await read(...args);
        const body = JSON.stringify(result, replacer);
        const answer: StoredAnswer = { kind: "PUBLIC", body, expiresAt: Date.now() + revalidate * 1000 };
        // The stored entry keeps its tags, so a read by key alone still checks these.
        await handler.set(key, answer, { tags: [...tags, ...(opts.tagsOf?.(result) ?? [])], startedAt });
        return body;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return noted(JSON.parse(await pending, reviver) as R, tags, Date.now() + revalidate * 1000);
  };
}
