import {
  openRenderFacts,
  RENDER_HEADER,
  STORE_KEY_HEADER,
  takeRenderFacts,
  verifiedRenderId,
  verifiedStoreKey,
  withinRender,
} from "./render-facts";
import { afterResponse } from "@/lib/core/http/after-response";
import { keepRendered, logFetch, STORE_STATE_HEADER, withRenderSlot } from "./serve";

/**
 * A reader page that keeps its own bytes, where the server cannot render through itself (`next
 * start`, Vercel): the middleware found no stored answer and sent the request on with a signed
 * render id and store key; the route renders, notes the tags of every public read under that id
 * (cachedPublic) and keeps the answer as the middleware would have. The next reader's request is
 * answered by the middleware from those bytes. Reader pages carry no per-request value, so
 * nothing of this reader's request is in them.
 */
export async function keptByRoute(request: Request, render: () => Promise<Response>): Promise<Response> {
  const id = verifiedRenderId(request.headers.get(RENDER_HEADER));
  const key = id ? verifiedStoreKey(id, request.headers.get(STORE_KEY_HEADER)) : null;
  if (!id || !key) return render();
  return withRenderSlot(() => renderAndKeep(request, id, key, render));
}

async function renderAndKeep(request: Request, id: string, key: string, render: () => Promise<Response>): Promise<Response> {
  const startedAt = Date.now();
  await openRenderFacts(id);
  const response = await withinRender(id, render);
  const facts = await takeRenderFacts(id);
  const body = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  // The reader's own answer (a search) is never kept, whatever its status.
  const kept = /\b(private|no-store)\b/.test(headers["cache-control"] ?? "")
    ? false
    : (await keepRendered(key, { status: response.status, headers, body }, null, facts, startedAt)).keep;
  // The reader of this render is logged here, every later one by the middleware that serves the bytes.
  const fetchLog = response.status === 200 ? facts.fetchLog : undefined;
  if (fetchLog) afterResponse(() => logFetch(fetchLog, request.headers.get("user-agent")) ?? Promise.resolve());
  const out = new Headers(response.headers);
  out.set(STORE_STATE_HEADER, kept ? "miss" : "pass");
  return new Response(body, { status: response.status, headers: out });
}
