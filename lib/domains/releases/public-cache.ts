import { invalidatePublicTags, PUBLIC_TAG } from "@/lib/domains/sites/public-tags";
import type { DbOrTx } from "@/lib/core/db/client";

const GENERATION_KEY = "public_cache_generation";

/**
 * Drops every cached public page at once: page cache keys include this generation, so a bump
 * makes all earlier entries unreachable (spec 3.1: markGone, company cascade). Written in the
 * caller's transaction so a rolled-back change leaves the caches alone.
 */
export async function bumpPublicCacheGeneration(tx: DbOrTx): Promise<number> {
  const rows = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO app_state (key, value, updated_at) VALUES (${GENERATION_KEY}, '1'::jsonb, now())
    ON CONFLICT (key) DO UPDATE SET value = to_jsonb((app_state.value)::text::bigint + 1), updated_at = now()
    RETURNING (value)::text::int AS value`;
  await invalidatePublicTags(tx, [PUBLIC_TAG]);
  return rows[0]!.value;
}

export async function publicCacheGeneration(client: DbOrTx): Promise<number> {
  const row = await client.appState.findUnique({ where: { key: GENERATION_KEY } });
  return typeof row?.value === "number" ? row.value : 0;
}
