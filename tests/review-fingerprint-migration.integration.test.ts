import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, MIGRATIONS_DIR } from "@/lib/core/db/migrations/migrations";
import { reviewFingerprint } from "@/lib/domains/releases/review-fingerprint";
import { createDatabase, dropDatabase } from "./test-databases";

// An installation that ran the first fingerprint migration (and, before it, the approved
// content hash) updates: every release gets its fingerprint under the current encoding, the
// checks and approvals of its current version move along, older ones stay void.

const name = `pd_test_fp_migration_${process.pid}_${Date.now().toString(36)}`;
const BEFORE = "20261124084823_review_fingerprint_and_proof_kind";
const OLD = (c: string) => c.repeat(64);
let scratch: string | undefined;

afterAll(async () => {
  await dropDatabase(name);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the review fingerprint migration", () => {
  it("fills fingerprints as the service computes them and carries over current checks and approvals", async () => {
    const url = await createDatabase(name);
    scratch = await mkdtemp(join(tmpdir(), "pd-migrations-"));
    for (const folder of (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{14}_/.test(f) && f <= BEFORE))
      await cp(join(MIGRATIONS_DIR, folder), join(scratch, folder), { recursive: true });
    await applyMigrations(url, scratch);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const [company] = (
        await client.query(
          `INSERT INTO companies (portal, slug, name, updated_at) VALUES ('business', 'nordlicht', 'Nordlicht', now()) RETURNING id`,
        )
      ).rows as { id: number }[];
      const release = (n: number, extra: Record<string, unknown>) =>
        client.query(
          `INSERT INTO press_releases (portal, language, slug, title, lead, body, keywords, contact_email, company_id, content_hash, review_fingerprint, approved_content_hash, updated_at)
           VALUES ('business', 'de', $1, $2, 'Vorspann', '<p>Text <a href="https://x.example">x.example</a></p>', '{Wind,Energie}', 'presse@x.example', $3, $4, $5, $6, now()) RETURNING id`,
          [`r-${n}`, `Titel ${n}`, company!.id, OLD("c"), extra.fingerprint ?? OLD("a"), extra.approvedContent ?? null],
        );
      // Checked for its current version and approved by content hash; checked for an older version; never fingerprinted.
      const current = (await release(1, { approvedContent: OLD("c") })).rows[0].id as number;
      const older = (await release(2, {})).rows[0].id as number;
      const unprinted = (await release(3, { fingerprint: null })).rows[0].id as number;
      for (const [id, fp] of [
        [current, OLD("a")],
        [older, OLD("b")],
        [unprinted, null],
      ] as const) {
        await client.query(
          `INSERT INTO press_release_classifications (press_release_id, result, reasons, content_hash, review_fingerprint, classifier, attempt) VALUES ($1, 'green', '[]', $2, $3, 'test', 1)`,
          [id, OLD("c"), fp],
        );
      }

      await applyMigrations(url, MIGRATIONS_DIR);

      const rows = (await client.query(`SELECT id, title, review_fingerprint, approved_review_fingerprint FROM press_releases ORDER BY id`))
        .rows as { id: number; title: string; review_fingerprint: string; approved_review_fingerprint: string | null }[];
      const expected = (title: string) =>
        reviewFingerprint({
          title,
          lead: "Vorspann",
          body: '<p>Text <a href="https://x.example">x.example</a></p>',
          location: null,
          keywords: ["Wind", "Energie"],
          categoryId: null,
          contactName: null,
          contactEmail: "presse@x.example",
          contactPhone: null,
          language: "de",
          images: [],
        });
      for (const row of rows) expect(row.review_fingerprint).toBe(expected(row.title));
      expect(rows.map((r) => r.approved_review_fingerprint)).toEqual([expected("Titel 1"), null, null]);
      const checks = (
        await client.query(
          `SELECT press_release_id AS id, review_fingerprint AS fp FROM press_release_classifications ORDER BY press_release_id`,
        )
      ).rows as { id: number; fp: string | null }[];
      expect(checks).toEqual([
        { id: current, fp: expected("Titel 1") },
        { id: older, fp: OLD("b") },
        { id: unprinted, fp: null },
      ]);
      const gone = await client.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'press_releases' AND column_name = 'approved_content_hash'`,
      );
      expect(gone.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });
});
