import { RENDER_HEADER, STORE_KEY_HEADER, verifiedRenderId, verifiedStoreKey, type FetchLog } from "./render-facts";
import { renderWithFacts, type PageRender } from "./in-process";
import { afterResponse } from "@/lib/core/http/after-response";
import { processSingleton } from "@/lib/core/process-singleton";
import { isRemovedSince } from "@/lib/core/cache/next-cache-handler.mjs";
import { failedRenders, keepRendered, logFetch, ready, RENDER_RETRY_MS, STORE_STATE_HEADER, withRenderSlot } from "./serve";

/** What one render of a stored path answered; every reader who asked meanwhile gets the same. */
interface KeptRender {
  status: number;
  headers: Headers;
  body: string;
  kept: boolean;
  fetchLog?: FetchLog;
}

/** Renders under way in this process, by store key: a burst of first readers renders once. */
const inFlight = processSingleton("route-keeps-in-flight", () => new Map<string, Promise<KeptRender>>());

/** A render slower than its token's life is passed on, not kept: its reads' tags may have expired. */
const LONGEST_KEPT_RENDER_MS = 30_000;

/**
 * A reader page that keeps its own bytes, where the server cannot render through itself (`next
 * start`, Vercel): the middleware found no stored answer and sent the request on with a signed
 * render id and store key; the route renders the stored path (not the reader's request: Next
 * hands the route the reader's own query), notes the tags of every public read under that id
 * (cachedPublic) and keeps the answer as the middleware would have. The next reader's request is
 * answered by the middleware from those bytes.
 */
export async function keptByRoute(request: Request, render: PageRender): Promise<Response> {
  const id = verifiedRenderId(request.headers.get(RENDER_HEADER));
  const key = id ? verifiedStoreKey(id, request.headers.get(STORE_KEY_HEADER)) : null;
  const path = key ? storedPathOf(key) : null;
  if (!id || !key || !path) return render(request);
  let pending = inFlight.get(key);
  if (!pending) {
    // Nothing of the reader's request but the stored path.
    const stored = new Request(new URL(path, request.url));
    pending = withRenderSlot(() => renderAndKeep(stored, id, key, render)).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const rendered = await pending.catch((err: unknown) => err as Error);
  // Stale if error, as on the middleware's path: while the render fails (the database is away),
  // readers get this process's kept bytes, and the middleware serves them without a render for a few seconds.
  const failed = rendered instanceof Error || rendered.status >= 500;
  if (failed) failedRenders.set(key, Date.now() + RENDER_RETRY_MS);
  else failedRenders.delete(key);
  const stale = failed ? ready.get(key) : undefined;
  if (stale && !isRemovedSince(stale.tags, stale.lastModified)) {
    const out = new Headers(stale.headers);
    out.set("etag", stale.etag);
    out.set(STORE_STATE_HEADER, "stale");
    return new Response(stale.body, { status: 200, headers: out });
  }
  if (rendered instanceof Error) throw rendered;
  const { status, headers, body, kept, fetchLog } = rendered;
  // Every reader's fetch is logged (a crawler's of a release page), later ones by the middleware that serves the bytes.
  if (fetchLog) afterResponse(() => logFetch(fetchLog, request.headers.get("user-agent")) ?? Promise.resolve());
  const out = new Headers(headers);
  out.set(STORE_STATE_HEADER, kept ? "miss" : "pass");
  return new Response(body, { status, headers: out });
}

/** The public path and query of a store key (`answer:{site}:{path}`, storable.ts). */
function storedPathOf(key: string): string | null {
  const match = /^answer:[a-z]+:(\/.*)$/.exec(key);
  return match ? match[1]! : null;
}

async function renderAndKeep(request: Request, id: string, key: string, render: PageRender): Promise<KeptRender> {
  const startedAt = Date.now();
  const { rendered, responseHeaders, facts } = await renderWithFacts(id, request, render);
  const { status, headers, body } = rendered;
  // The reader's own answer (a search) is never kept, whatever its status.
  const keep = !/\b(private|no-store)\b/.test(headers["cache-control"] ?? "") && Date.now() - startedAt < LONGEST_KEPT_RENDER_MS;
  const kept = keep && (await keepRendered(key, rendered, null, facts, startedAt)).keep;
  return { status, headers: responseHeaders, body, kept, fetchLog: status === 200 ? facts.fetchLog : undefined };
}
