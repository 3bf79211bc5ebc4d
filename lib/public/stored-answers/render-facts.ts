import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { headers } from "next/headers";
import { getCacheStore } from "@/lib/cache/store";
import { getConfig } from "@/lib/config";
import { derivedKey } from "@/lib/security/derived-key";

/**
 * What a render tells the middleware that stores its bytes: the cache tags and refresh time of
 * every public read it made, and the release a crawler's fetch of it counts for. A page cannot
 * set response headers, so the facts travel through the shared store under the render's id,
 * which the middleware sent with the render request, signed (only our middleware starts a
 * render whose bytes are kept).
 */
export interface RenderFacts {
  tags: string[];
  /** Seconds until the shortest-lived read it made should be read again. */
  revalidate?: number;
  crawlerReleaseId?: number;
}

export const RENDER_HEADER = "x-pd-store-render";
const FACTS_TTL_SECONDS = 120;

const mac = (id: string) => createHmac("sha256", derivedKey(getConfig().security.appKey, "stored-answer-render")).update(id).digest("base64url");

/** A new render id with its signature: the value of RENDER_HEADER. */
export function newRenderToken(): { id: string; token: string } {
  const id = randomBytes(12).toString("base64url");
  return { id, token: `${id}.${mac(id)}` };
}

/** The render id when the header's signature holds, else null (a stranger's header is ignored). */
export function verifiedRenderId(token: string | null | undefined): string | null {
  if (!token || token.length > 100) return null;
  const [id, sig] = token.split(".");
  if (!id || !sig) return null;
  const expected = Buffer.from(mac(id));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The id of the render under way in this request, or null (a reader's request, a console command, a test). */
async function currentRenderId(): Promise<string | null> {
  try {
    return verifiedRenderId((await headers()).get(RENDER_HEADER));
  } catch {
    return null; // outside a request
  }
}

const slotKey = (id: string, n: number) => `render-facts:${id}:${n}`;
const countKey = (id: string) => `render-facts:${id}:n`;

/** Adds facts to the render under way; false (and nothing noted) when this request is not a store render. */
export async function noteRenderFacts(facts: RenderFacts): Promise<boolean> {
  const id = await currentRenderId();
  if (!id) return false;
  await addRenderFacts(id, facts);
  return true;
}

/** Files facts under a render id (the render side of the channel). */
export async function addRenderFacts(id: string, facts: RenderFacts): Promise<void> {
  const store = getCacheStore();
  // A slot per call: reads of one render run at once, and no read-modify-write may lose one.
  const n = await store.incr(countKey(id));
  await store.set(slotKey(id, n), JSON.stringify(facts), FACTS_TTL_SECONDS);
}

/** Every fact the render noted, merged; called once its response has arrived. */
export async function takeRenderFacts(id: string): Promise<RenderFacts> {
  const store = getCacheStore();
  const count = Number((await store.get(countKey(id))) ?? 0);
  const merged: RenderFacts = { tags: [] };
  const tags = new Set<string>();
  for (let n = 1; n <= count; n++) {
    const raw = await store.get(slotKey(id, n));
    if (!raw) continue;
    const facts = JSON.parse(raw) as RenderFacts;
    for (const t of facts.tags) tags.add(t);
    if (facts.revalidate !== undefined) merged.revalidate = Math.min(merged.revalidate ?? Infinity, facts.revalidate);
    if (facts.crawlerReleaseId !== undefined) merged.crawlerReleaseId = facts.crawlerReleaseId;
    await store.del(slotKey(id, n));
  }
  await store.del(countKey(id));
  merged.tags = [...tags];
  return merged;
}
