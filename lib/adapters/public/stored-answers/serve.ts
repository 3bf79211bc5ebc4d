import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { recordCrawlerFetch } from "@/lib/domains/analytics/fetches";
import { PAGE_REVALIDATE_SECONDS } from "@/lib/adapters/public/cached-public";
import { isPublicCacheActive } from "@/lib/adapters/public/invalidation-poller";
import PublicCacheHandler, { isInvalidated, isRemovedSince } from "@/lib/core/cache/next-cache-handler.mjs";
import { PUBLIC_TAG } from "@/lib/domains/sites/public-tags";
import { recordFeedFetch } from "@/lib/adapters/public/feeds/fetch-log";
import { publicPagePolicy, STORED_FILE_POLICY, withoutNonce } from "@/lib/core/security/public-csp";
import { EVERY_ANSWER_HEADERS } from "@/lib/core/security/every-answer-headers";
import { fetchRender, internalOrigin, MAX_STORED_BYTES, RENDER_TIMEOUT_MS, type RenderedAnswer } from "./internal-render";
import {
  newRenderId,
  newRenderToken,
  openRenderFacts,
  RENDER_HEADER,
  renderNonce,
  takeRenderFacts,
  type FetchLog,
  type RenderFacts,
} from "./render-facts";
import type { StorableAnswer } from "./storable";
import { renderWithFacts, type InProcessPages, type PageRender } from "./in-process";
import { processSingleton } from "@/lib/core/process-singleton";
import { READER_PAGE_POLICY } from "@/lib/adapters/public/reader-pages/policy";

/**
 * Public answers served from stored bytes (docs/portals.md "Caching"). The first request after a
 * change renders the answer once through this server, keeps body and headers in the shared cache
 * (Redis, with this process's copy in front) under the tags of every read the render made, and
 * every later request is served from those bytes until a tag is invalidated or the shortest
 * read's refresh time passes. The page's policy allows the scripts Next wrote by hash, so the
 * bytes hold no per-request value and may be shared by any cache.
 */
interface StoredAnswer {
  kind: "STORED_ANSWER";
  headers: Record<string, string>;
  body: string;
  etag: string;
  expiresAt: number;
  fetchLog?: FetchLog;
}

/** Headers of a render that belong to that one response, not to the stored answer. */
const NOT_KEPT =
  /^(date|connection|keep-alive|transfer-encoding|content-length|content-encoding|set-cookie|etag|content-security-policy|strict-transport-security|x-nextjs-.*|x-middleware-.*|x-pd-.*|server-timing|x-powered-by)$/i;

/**
 * Tells a reader (and the tests) how the answer was made: hit, miss (rendered and kept), pass
 * (rendered, not kept) or stale (kept bytes past their refresh time or made incomplete by a
 * publication, served because the render failed).
 */
export const STORE_STATE_HEADER = "x-pd-store";

/** Served from stored bytes at all: a server that follows invalidations, not the development server. */
export function storedAnswersEnabled(): boolean {
  return process.env.NODE_ENV !== "development" && isPublicCacheActive();
}

/**
 * Where this server knows its own address (scripts/next-server.mjs) the middleware renders a
 * missing answer through it; elsewhere (`next start`, Vercel) a reader page's route keeps its own
 * bytes (route-keeps.ts) and other answers are rendered per request.
 */
export const rendersThroughItself = () => internalOrigin() !== null;

/**
 * This process's answers, parsed and encoded, in front of the shared store: a hit costs a map
 * read and a tag check, not a parse of the entry and an encoding of its body. Bounded by bytes
 * (half the cache budget's in-process share); tags and refresh time are checked on every read,
 * as for the store's own copy.
 */
export interface ReadyAnswer extends StoredAnswer {
  bytes: Buffer;
  tags: string[];
  lastModified: number;
}
const READY_LIMIT_BYTES = Number(process.env.CACHE_MEMORY_LIMIT_MB || 64) * 1024 * 1024 * 0.25;
// One per process: a route that keeps its own bytes (route-keeps.ts) is bundled apart from the middleware.
export const ready = processSingleton(
  "stored-answers-ready",
  () => new LRUCache<string, ReadyAnswer>({ maxSize: READY_LIMIT_BYTES, sizeCalculation: (a) => a.bytes.length * 2 + 1024 }),
);

async function readShared(handler: PublicCacheHandler, key: string): Promise<ReadyAnswer | null> {
  const entry = (await handler.get(key, {})) as { value?: StoredAnswer; lastModified?: number; tags?: string[] } | null;
  if (entry?.value?.kind !== "STORED_ANSWER") return null;
  // The store's own read already checked the entry's tags; the copy keeps them for later reads.
  const answer: ReadyAnswer = {
    ...entry.value,
    bytes: Buffer.from(entry.value.body),
    tags: entry.tags ?? [PUBLIC_TAG],
    lastModified: entry.lastModified ?? 0,
  };
  ready.set(key, answer);
  return answer;
}

/** After a failed render of an answer, how long its kept bytes are served before the next try. */
export const RENDER_RETRY_MS = 5_000;
// One per process: a route that keeps its own bytes marks its failed renders for the middleware.
export const failedRenders = processSingleton("stored-answers-failed-renders", () => new LRUCache<string, number>({ max: 10_000 }));

/** Renders under way in this process, by key: a burst of first requests renders once. */
const inFlight = new Map<string, Promise<{ answer: StoredAnswer; status: number; keep: boolean }>>();

/** The answer's route renders it and keeps the bytes itself (route-keeps.ts), under this key. */
export interface RouteKeeps {
  routeKeeps: string;
}

const storeKeyOf = (storable: StorableAnswer) => `answer:${storable.key}`;

/**
 * The stored answer for `storable`, rendered first when there is none; where this server cannot
 * render through itself, the store key for a route that keeps its own bytes (`canKeep`: a reader
 * page), else null: rendered per request.
 */
export async function serveStoredAnswer(
  request: NextRequest,
  event: NextFetchEvent,
  storable: StorableAnswer,
  siteHost: string,
  canKeep = false,
  inProcessPages?: InProcessPages,
): Promise<NextResponse | RouteKeeps | null> {
  const throughItself = rendersThroughItself();
  if (!throughItself && !canKeep) return null;
  const key = storeKeyOf(storable);
  const handler = new PublicCacheHandler();
  let hit = ready.get(key) ?? (await readShared(handler, key));
  // Bytes a removal or rewrite made untrue are dropped; bytes a publication made incomplete are
  // kept for stale-if-error below (lib/domains/sites/public-tags.ts, `additive`).
  if (hit && isRemovedSince(hit.tags, hit.lastModified)) {
    ready.delete(key);
    hit = null;
  }
  if (hit && hit.expiresAt > Date.now() && !isInvalidated(hit.tags, hit.lastModified)) return respond(request, event, hit, 200, "hit");
  // A render of this answer failed a moment ago: readers get the kept bytes without waiting for another.
  if (hit && (failedRenders.get(key) ?? 0) > Date.now()) return respond(request, event, hit, 200, "stale");
  if (!throughItself) return { routeKeeps: key };

  let pending = inFlight.get(key);
  if (!pending) {
    pending = renderAndStore(siteHost, storable, key, handler, inProcessPages?.(storable) ?? null).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const rendered = await pending.catch((err: unknown) => {
    console.warn(`stored answer: render of ${storable.path} failed:`, err instanceof Error ? err.message : err);
    return null;
  });
  // Stale if error: an answer past its refresh time, or made incomplete by a publication, is still
  // true; while the render fails (the database is away) readers get it instead of an error page.
  const failed = !rendered || rendered.status >= 500;
  if (failed) failedRenders.set(key, Date.now() + RENDER_RETRY_MS);
  else failedRenders.delete(key);
  if (hit && failed) return respond(request, event, hit, 200, "stale");
  if (!rendered) return null;
  return respond(request, event, rendered.answer, rendered.status, rendered.keep ? "miss" : "pass");
}

/**
 * Nothing of the reader's request reaches the render but the path: the site's configured host, a
 * fixed Accept, no cookies. What is kept for everyone cannot depend on what one reader sent.
 */
function renderAndStore(
  siteHost: string,
  storable: StorableAnswer,
  key: string,
  handler: PublicCacheHandler,
  inProcess: PageRender | null,
) {
  return withRenderSlot(() =>
    inProcess ? renderHereAndStore(siteHost, storable, key, handler, inProcess) : renderAndStoreNow(siteHost, storable, key, handler),
  );
}

/**
 * Renders in flight per process, through this server or in a route that keeps its own bytes. A
 * crawler sweeping distinct pages makes every request a render; more at once than the cores can
 * work on only hold more pages' state in memory at a time.
 */
const MAX_RENDERS = 4;
const slots = processSingleton("stored-answers-render-slots", () => ({ rendering: 0, waiting: [] as (() => void)[] }));

export async function withRenderSlot<T>(render: () => Promise<T>): Promise<T> {
  if (slots.rendering < MAX_RENDERS) slots.rendering++;
  else await new Promise<void>((r) => slots.waiting.push(r));
  try {
    return await render();
  } finally {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.rendering--;
  }
}

async function renderAndStoreNow(siteHost: string, storable: StorableAnswer, key: string, handler: PublicCacheHandler) {
  const startedAt = Date.now();
  const { id, token } = newRenderToken(startedAt);
  await openRenderFacts(id);
  const rendered = await fetchRender(internalOrigin()!, storable.path, {
    host: siteHost,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "accept-encoding": "identity",
    "user-agent": "pressdesk-store-render",
    [RENDER_HEADER]: token,
  });
  return keepRendered(key, rendered, renderNonce(id), await takeRenderFacts(id), startedAt, handler);
}

/** A reader page rendered by its handler in this process, with the request a render through the server would make. */
async function renderHereAndStore(
  siteHost: string,
  storable: StorableAnswer,
  key: string,
  handler: PublicCacheHandler,
  render: PageRender,
) {
  const startedAt = Date.now();
  // No token: nothing outside this process needs to prove the render is ours.
  const id = newRenderId();
  const request = new Request(new URL(storable.path, `http://${siteHost}`), { headers: { "user-agent": "pressdesk-store-render" } });
  const { rendered, facts } = await renderWithFacts(id, request, render, RENDER_TIMEOUT_MS);
  // What Next adds on its way out (next.config.ts's headers, its compression's Vary): the bytes
  // kept here are served without Next, and must carry the same as those rendered through it.
  for (const { key: name, value } of EVERY_ANSWER_HEADERS) rendered.headers[name.toLowerCase()] ??= value;
  rendered.headers.vary ??= "Accept-Encoding";
  return keepRendered(key, rendered, null, facts, startedAt, handler);
}

/** Keeps a complete public answer under `key`; a 404, a redirect or a cookie is passed on as it came. */
export async function keepRendered(
  key: string,
  rendered: RenderedAnswer,
  nonce: string | null,
  facts: RenderFacts,
  startedAt: number,
  handler = new PublicCacheHandler(),
) {
  const refreshSeconds = facts.revalidate ?? PAGE_REVALIDATE_SECONDS;
  const answer = storedAnswerOf(rendered, nonce, Date.now() + refreshSeconds * 1000, facts.fetchLog);
  const keep = rendered.status === 200 && !rendered.headers["set-cookie"] && rendered.body.length <= MAX_STORED_BYTES;
  // Kept no longer than it is served: a crawler sweeping every page fills the store for minutes, not a day.
  const tags = [PUBLIC_TAG, ...facts.tags];
  if (keep) {
    await handler.set(key, answer, { tags, startedAt, ttlSeconds: refreshSeconds + 5 });
    ready.set(key, { ...answer, bytes: Buffer.from(answer.body), tags, lastModified: startedAt });
  }
  return { answer, status: rendered.status, keep };
}

/**
 * `nonce`: the render's, which marks the scripts Next wrote; the store hashes those, removes the
 * nonce and sets the policy itself. null: a reader page, static markup with its own fixed policy.
 */
function storedAnswerOf(rendered: RenderedAnswer, nonce: string | null, expiresAt: number, fetchLog?: FetchLog): StoredAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(rendered.headers))
    if (!NOT_KEPT.test(name)) headers[name] = nonce === null ? value : withoutNonce(value, nonce);
  const html = (headers["content-type"] ?? "").startsWith("text/html");
  const body = html && nonce !== null ? withoutNonce(rendered.body, nonce) : rendered.body;
  headers["content-security-policy"] = !html
    ? STORED_FILE_POLICY
    : nonce === null
      ? READER_PAGE_POLICY
      : publicPagePolicy(rendered.body, nonce);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { kind: "STORED_ANSWER", headers, body, etag, expiresAt, ...(fetchLog ? { fetchLog } : {}) };
}

/** Fetches the origin logs per request (a crawler's of a release page, a reader's of a feed), whoever served the bytes. */
export function logFetch(log: FetchLog | undefined, userAgent: string | null): Promise<void> | null {
  if (log?.kind === "release") return recordCrawlerFetch(log.releaseId, userAgent);
  if (log?.kind === "feed") return recordFeedFetch({ ...log.feed, userAgent });
  return null;
}

function respond(
  request: NextRequest,
  event: NextFetchEvent,
  answer: StoredAnswer | ReadyAnswer,
  status: number,
  state: "hit" | "miss" | "pass" | "stale",
): NextResponse {
  const logged = status === 200 ? logFetch(answer.fetchLog, request.headers.get("user-agent")) : null;
  if (logged) event.waitUntil(logged);
  const headers = new Headers(answer.headers);
  headers.set(STORE_STATE_HEADER, state);
  if (status !== 200) return new NextResponse(request.method === "HEAD" ? null : answer.body, { status, headers });
  headers.set("etag", answer.etag);
  if (
    request.headers
      .get("if-none-match")
      ?.split(",")
      .some((t) => t.trim().replace(/^W\//, "") === answer.etag)
  ) {
    return new NextResponse(null, { status: 304, headers });
  }
  return new NextResponse(request.method === "HEAD" ? null : "bytes" in answer ? (answer.bytes as Uint8Array<ArrayBuffer>) : answer.body, {
    status: 200,
    headers,
  });
}
