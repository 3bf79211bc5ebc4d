import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { db, disconnectPrisma } from "@/lib/core/db/client";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/core/db/embedded-server";
import { applyMigrations } from "@/lib/core/db/migrations/migrations";
import { MATCH_TOTAL_CAP, searchReleases } from "@/lib/domains/releases/search";
import { referenceNewest, referenceRanked, seedSearchCorpus } from "@/tests/search-fixtures";

// The embedded default runs the same search on PGlite: the word-pair column and its function,
// the raised statistics target, EXPLAIN estimates, querytree and ts_match_vq must all exist
// there and answer as on the server.

let embedded: EmbeddedDatabase | undefined;
let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pd-search-embedded-"));
  embedded = await startEmbeddedDatabase({ dataDir: dir, port: 57000 + (process.pid % 1000) });
  await applyMigrations(embedded.url);
  // From here on the shared client talks to PGlite, over one connection as the embedded default does.
  await disconnectPrisma();
  process.env.DATABASE_URL = embedded.url;
  process.env.DATABASE_POOL_SIZE = "1";
  resetConfigForTests();
}, 180_000);

afterAll(async () => {
  await disconnectPrisma();
  await embedded?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("search on the embedded database", () => {
  it("answers as before for words, phrases and exclusions, walking or through the indexes", { timeout: 240_000 }, async () => {
    const corpus = await seedSearchCorpus(db);
    const [stats] = await db.$queryRaw<
      { target: number }[]
    >`SELECT attstattarget::int AS target FROM pg_attribute WHERE attrelid = 'press_release_search'::regclass AND attname = 'search_pairs'`;
    expect(stats!.target).toBe(1000);
    for (const q of ["Wasserstoff", "Quasarix", '"Energie Export"', '"Energie Export" -Windpark', "Windpark Batterie"]) {
      for (const filters of [{}, { language: "en" as const }, { publicOnly: true, now: corpus.now, portal: "business" as const }]) {
        const all = await referenceNewest(db, { ...filters, q });
        for (const tuning of [{ indexFirstRows: -1, walkBudget: 400 }, { indexFirstRows: Number.POSITIVE_INFINITY }, undefined]) {
          const context = `${q} ${JSON.stringify(filters)} ${JSON.stringify(tuning)}`;
          const newest = await searchReleases({ ...filters, q, order: "newest", page: 2, perPage: 20, ...(tuning ? { tuning } : {}) });
          expect(newest, context).toEqual({
            ids: all.slice(20, 40),
            total: Math.min(all.length, MATCH_TOTAL_CAP),
            capped: all.length > MATCH_TOTAL_CAP,
          });
          const ranked = await searchReleases({ ...filters, q, page: 1, perPage: 20, ...(tuning ? { tuning } : {}) });
          expect(ranked.ids, context).toEqual(await referenceRanked(db, { ...filters, q }, 1, 20));
        }
      }
    }
  });
});
