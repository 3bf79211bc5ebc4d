import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/core/db/embedded-server";
import { applyMigrations } from "@/lib/core/db/migrations/migrations";

let embedded: EmbeddedDatabase | undefined;
let dir = "";

afterAll(async () => {
  await embedded?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("embedded default", () => {
  it("applies the migrations to PGlite and keeps the data across a restart", { timeout: 120_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), "pd-embedded-"));
    const port = 55000 + (process.pid % 1000);
    embedded = await startEmbeddedDatabase({ dataDir: dir, port });
    const migrations = readdirSync("prisma/migrations", { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(await applyMigrations(embedded.url)).toHaveLength(migrations.length);

    const client = new pg.Client(embedded.url);
    await client.connect();
    // The migrations wrote the image confirmation wordings; the table takes new keys only.
    expect((await client.query("SELECT key FROM legal_texts ORDER BY key")).rows.map((r) => r.key)).toEqual([
      "img-confirm-v1",
      "img-confirm-v2",
      "img-confirm-v3",
    ]);
    await client.query("INSERT INTO legal_texts (key, language, body) VALUES ('test-wording', 'de', 'Ich bestätige ...')");
    await expect(client.query("UPDATE legal_texts SET body = 'x'")).rejects.toThrow("legal_texts is insert-only");
    const search = await client.query("SELECT to_tsvector('german', 'Häuser') AS v");
    expect(search.rows[0].v).toBe("'haus':1");
    await client.end();
    await embedded.stop();

    embedded = await startEmbeddedDatabase({ dataDir: dir, port });
    expect(await applyMigrations(embedded.url)).toEqual([]);
    const again = new pg.Client(embedded.url);
    await again.connect();
    expect((await again.query("SELECT count(*)::int AS n FROM legal_texts")).rows[0].n).toBe(4);
    await again.end();
  });
});
