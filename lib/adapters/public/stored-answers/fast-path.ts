import type { IncomingHttpHeaders } from "node:http";
import { isInvalidated } from "@/lib/core/cache/next-cache-handler.mjs";
import { HSTS } from "@/lib/adapters/public/site-routing";
import { getSiteHosts, isMisdirected, resolveSite } from "@/lib/domains/sites";
import { logFetch, ready, storedAnswersEnabled, STORE_STATE_HEADER } from "./serve";
import { storableAnswer } from "./storable";

/**
 * The server's shortcut to stored bytes this process already holds (scripts/next-server.mjs asks
 * it before Next's handler): a hit costs about what a static file costs, without Next's
 * middleware machinery per request. It answers only what the middleware would answer from the
 * same entry: an entry exists only once the middleware served the path past every earlier rule
 * (malformed paths, redirects, tombstones), and whatever changes those rules (a tombstone, a
 * merge) drops every entry (`public`). A request it is unsure of (other query parameters, a
 * router or action request, an unknown entry) goes the middleware's way.
 */
export interface FastAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

export function fastStoredAnswer(method: string | undefined, url: string | undefined, headers: IncomingHttpHeaders): FastAnswer | null {
  if ((method !== "GET" && method !== "HEAD") || !url || headers.rsc || headers["next-action"] || !storedAnswersEnabled()) return null;
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  const params = new URLSearchParams(q < 0 ? "" : url.slice(q + 1));
  const hosts = getSiteHosts();
  // A name this server does not answer under gets the middleware's 421, never stored bytes.
  if (isMisdirected(headers.host, pathname, hosts)) return null;
  const storable = storableAnswer(resolveSite(headers.host, hosts), pathname, params);
  // Only the exact stored request: a parameter the page does not read (a mail link's) may mean work for the middleware.
  if (!storable || (q >= 0 && storable.path !== url)) return null;
  const answer = ready.get(`answer:${storable.key}`);
  if (!answer || answer.expiresAt <= Date.now() || isInvalidated(answer.tags, answer.lastModified)) return null;

  const logged = logFetch(answer.fetchLog, headers["user-agent"] ?? null);
  if (logged) void logged.catch(() => undefined);
  const out: Record<string, string> = { ...answer.headers, etag: answer.etag, [STORE_STATE_HEADER]: "hit" };
  if (hosts.protocol === "https") out["strict-transport-security"] = HSTS;
  const match = headers["if-none-match"]?.split(",").some((t) => t.trim().replace(/^W\//, "") === answer.etag);
  if (match) return { status: 304, headers: out, body: null };
  out["content-length"] = String(answer.bytes.length);
  return { status: 200, headers: out, body: method === "HEAD" ? null : answer.bytes };
}

/** Where the server finds the shortcut: the middleware's bundle runs in the server's process. */
export const FAST_PATH_KEY = Symbol.for("pressdesk.storedAnswers.fastPath");
(globalThis as unknown as Record<symbol, typeof fastStoredAnswer>)[FAST_PATH_KEY] = fastStoredAnswer;
