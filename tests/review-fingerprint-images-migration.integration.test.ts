import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, MIGRATIONS_DIR } from "@/lib/core/db/migrations/migrations";
import { reviewFingerprint, type JudgedFields } from "@/lib/domains/releases/review-fingerprint";
import { createDatabase, dropDatabase } from "./test-databases";

// An installation whose checks and approvals covered the text alone updates: a release with
// images a publication would deliver gets the fingerprint of text and images; in review or
// scheduled, what was checked or approved without them no longer counts.

const name = `pd_test_fp_images_${process.pid}_${Date.now().toString(36)}`;
const MIGRATION = "20261206073003_review_fingerprint_images";
let scratch: string | undefined;

afterAll(async () => {
  await dropDatabase(name);
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const TEXT: Omit<JudgedFields, "title" | "images"> = {
  lead: "Vorspann",
  body: "<p>Text</p>",
  location: null,
  keywords: [],
  categoryId: null,
  contactName: null,
  contactEmail: null,
  contactPhone: null,
  language: "de",
};
const hex = (c: string) => c.repeat(64);

describe("the migration that judges images", () => {
  it("moves releases with images to the fingerprint of text and images and voids what did not see them", async () => {
    const url = await createDatabase(name);
    scratch = await mkdtemp(join(tmpdir(), "pd-migrations-"));
    for (const folder of (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{14}_/.test(f) && f < MIGRATION))
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
      const textOnly = (title: string) => reviewFingerprint({ ...TEXT, title, images: [] });
      const release = async (title: string, status: string) => {
        const fp = textOnly(title);
        const { rows } = await client.query(
          `INSERT INTO press_releases (portal, language, slug, title, lead, body, company_id, content_hash, review_fingerprint, approved_review_fingerprint, status, manual_review_required_at, updated_at)
           VALUES ('business', 'de', $1, $1, 'Vorspann', '<p>Text</p>', $2, $3, $4, $4, $5, now(), now() - interval '1 day') RETURNING id`,
          [title, company!.id, hex("c"), fp, status],
        );
        const id = rows[0].id as number;
        await client.query(
          `INSERT INTO press_release_classifications (press_release_id, result, reasons, content_hash, review_fingerprint, classifier, attempt) VALUES ($1, 'green', '[]', $2, $3, 'test', 1)`,
          [id, hex("c"), fp],
        );
        return id;
      };
      const image = (releaseId: number, sha: string, extra = "") =>
        client.query(
          `INSERT INTO press_release_images (press_release_id, bytes_sha256, metadata_hash, mime_type, width, height, size_bytes, display_path, rules_version, updated_at${extra ? ", deleted_at" : ""})
           VALUES ($1, $2, $3, 'image/jpeg', 10, 10, 10, 'x.jpg', 'r1', now()${extra ? ", now()" : ""})`,
          [releaseId, sha, hex("m")],
        );
      const scheduled = await release("Geplant", "scheduled");
      const published = await release("Veröffentlicht", "published");
      const removedOnly = await release("Ohne Bild", "scheduled");
      await image(scheduled, hex("1"));
      await image(published, hex("2"));
      await image(removedOnly, hex("3"), "deleted");

      await applyMigrations(url, MIGRATIONS_DIR);

      const rows = async () =>
        (
          await client.query(
            `SELECT id, status, review_fingerprint AS fp, approved_review_fingerprint AS approved, manual_queue_at IS NOT NULL AS queued FROM press_releases ORDER BY id`,
          )
        ).rows;
      const withImage = (title: string, sha: string) =>
        reviewFingerprint({ ...TEXT, title, images: [{ bytesSha256: sha, metadataHash: hex("m") }] });
      expect(await rows()).toEqual([
        // Approved as text only: back to a person, with the new fingerprint and no approval.
        { id: scheduled, status: "in_review", fp: withImage("Geplant", hex("1")), approved: null, queued: true },
        {
          id: published,
          status: "published",
          fp: withImage("Veröffentlicht", hex("2")),
          approved: textOnly("Veröffentlicht"),
          queued: false,
        },
        // A removed image is not delivered: nothing changes.
        { id: removedOnly, status: "scheduled", fp: textOnly("Ohne Bild"), approved: textOnly("Ohne Bild"), queued: false },
      ]);
      const discarded = (
        await client.query(`SELECT press_release_id AS id FROM press_release_classifications WHERE discarded_at IS NOT NULL ORDER BY id`)
      ).rows;
      expect(discarded).toEqual([{ id: scheduled }]);
      const history = (await client.query(`SELECT press_release_id AS id, from_status, to_status, outcome FROM press_release_history`))
        .rows;
      expect(history).toEqual([{ id: scheduled, from_status: "scheduled", to_status: "in_review", outcome: "manual_queue" }]);
    } finally {
      await client.end();
    }
  });
});
