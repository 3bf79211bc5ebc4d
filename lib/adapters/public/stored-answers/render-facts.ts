import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { headers } from "next/headers";
import { memoryStore } from "@/lib/core/cache/store";
import { getConfig } from "@/lib/core/config";
import type { FeedKind } from "@/lib/generated/prisma/client";
import type { Edition, Portal } from "@/lib/domains/sites";
import { processSingleton } from "@/lib/core/process-singleton";
import { derivedKey } from "@/lib/core/security/derived-key";

/**
 * What a render tells the middleware that stores its bytes: the cache tags and refresh time of
 * every public read it made, and which fetch log a reader's fetch of it belongs to. A page cannot
 * set response headers, so the facts travel through a store under the render's id, which the
 * middleware sent with the render request, signed and valid for RENDER_TTL_MS (only our
 * middleware starts a render whose bytes are kept). The render is a request to this same server
 * (internal-render.ts), so the store is this process's memory: no Redis on a page's way.
 */
export interface RenderFacts {
  tags: string[];
  /** Seconds until the shortest-lived read it made should be read again. */
  revalidate?: number;
  fetchLog?: FetchLog;
}

/** Fetches logged per request at the origin (spec 6.1): a crawler's of a release page, a reader's of a feed. */
export type FetchLog =
  { kind: "release"; releaseId: number } | { kind: "feed"; feed: { kind: FeedKind; key: string; portal: Portal; edition: Edition } };

export const RENDER_HEADER = "x-pd-store-render";
const RENDER_TTL_MS = 30_000;
const FACTS_TTL_SECONDS = 120;

const key = () => derivedKey(getConfig().security.appKey, "stored-answer-render");
const mac = (payload: string) => createHmac("sha256", key()).update(payload).digest("base64url");

/** `sig` is the MAC of `payload`, compared in constant time. */
function macMatches(payload: string, sig: string): boolean {
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A render's id, under which its reads file their facts. */
export const newRenderId = () => randomBytes(12).toString("base64url");

/** A new render id with its signed, short-lived token: the value of RENDER_HEADER. */
export function newRenderToken(now = Date.now()): { id: string; token: string } {
  const id = newRenderId();
  const expires = String(now + RENDER_TTL_MS);
  return { id, token: `${id}.${expires}.${mac(`${id}.${expires}`)}` };
}

/** The render id when the token's signature holds and it has not expired, else null (a stranger's header is ignored). */
export function verifiedRenderId(token: string | null | undefined, now = Date.now()): string | null {
  if (!token || token.length > 120) return null;
  const [id, expires, sig] = token.split(".");
  if (!id || !expires || !sig || !/^\d{1,15}$/.test(expires) || Number(expires) < now) return null;
  return macMatches(`${id}.${expires}`, sig) ? id : null;
}

/**
 * Where a route keeps its own bytes (no render through this server: `next start`, Vercel), the
 * middleware names the store key beside the render id; the value is bound to that id, so a
 * reader's header names nothing.
 */
export const STORE_KEY_HEADER = "x-pd-store-key";

export function signedStoreKey(id: string, storeKey: string): string {
  const encoded = Buffer.from(storeKey).toString("base64url");
  return `${encoded}.${mac(`key.${id}.${encoded}`)}`;
}

export function verifiedStoreKey(id: string, value: string | null | undefined): string | null {
  if (!value || value.length > 1200) return null;
  const [encoded, sig] = value.split(".");
  if (!encoded || !sig) return null;
  return macMatches(`key.${id}.${encoded}`, sig) ? Buffer.from(encoded, "base64url").toString() : null;
}

/**
 * The nonce of one render: Next puts it on the scripts it writes, so the store hashes exactly
 * those (never a script that came in with content) and then removes it from the bytes.
 */
export function renderNonce(id: string): string {
  return createHmac("sha256", key()).update(`nonce.${id}`).digest("base64").slice(0, 24);
}

/** A route that keeps its own bytes (route-keeps.ts) runs its render in this scope: its reads note facts under the id. */
const renderScope = processSingleton("render-scope", () => new AsyncLocalStorage<string>());

export const withinRender = <T>(id: string, render: () => Promise<T>): Promise<T> => renderScope.run(id, render);

/** The id of the render under way in this request, or null (a reader's request, a console command, a test). */
async function currentRenderId(): Promise<string | null> {
  const scoped = renderScope.getStore();
  if (scoped) return scoped;
  try {
    return verifiedRenderId((await headers()).get(RENDER_HEADER));
  } catch {
    return null; // outside a request
  }
}

const factsStore = () => processSingleton("render-facts", () => memoryStore());

const slotKey = (id: string, n: number) => `render-facts:${id}:${n}`;
const countKey = (id: string) => `render-facts:${id}:n`;

/** Adds facts to the render under way; false (and nothing noted) when this request is not a store render. */
export async function noteRenderFacts(facts: RenderFacts): Promise<boolean> {
  const id = await currentRenderId();
  if (!id) return false;
  await addRenderFacts(id, facts);
  return true;
}

/** Opens a render's facts before it starts: the counter exists with its expiry, which incr keeps. */
export async function openRenderFacts(id: string): Promise<void> {
  await factsStore().set(countKey(id), "0", FACTS_TTL_SECONDS);
}

/** Files facts under a render id (the render side of the channel). */
export async function addRenderFacts(id: string, facts: RenderFacts): Promise<void> {
  const store = factsStore();
  // A slot per call: reads of one render run at once, and no read-modify-write may lose one.
  const n = await store.incr(countKey(id));
  await store.set(slotKey(id, n), JSON.stringify(facts), FACTS_TTL_SECONDS);
}

/** Every fact the render noted, merged; called once its response has arrived. */
export async function takeRenderFacts(id: string): Promise<RenderFacts> {
  const store = factsStore();
  const count = Number((await store.get(countKey(id))) ?? 0);
  const merged: RenderFacts = { tags: [] };
  const tags = new Set<string>();
  for (let n = 1; n <= count; n++) {
    const raw = await store.get(slotKey(id, n));
    if (!raw) continue;
    const facts = JSON.parse(raw) as RenderFacts;
    for (const t of facts.tags) tags.add(t);
    if (facts.revalidate !== undefined) merged.revalidate = Math.min(merged.revalidate ?? Infinity, facts.revalidate);
    if (facts.fetchLog) merged.fetchLog = facts.fetchLog;
    await store.del(slotKey(id, n));
  }
  await store.del(countKey(id));
  merged.tags = [...tags];
  return merged;
}
