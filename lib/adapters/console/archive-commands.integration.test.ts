import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { IMAGE_SUBJECT } from "@/lib/domains/evidence/jobs";
import { enqueueArchiveJob } from "@/lib/domains/evidence/pending-jobs";
import { recordArchiveEntry } from "@/lib/domains/evidence/record-archive-entry";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { storagePath } from "@/lib/core/storage/files";
import { seedCompany, seedRelease } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { runCommand } from "@/tests/console-run";
import { COMMANDS as ALL_COMMANDS } from "./commands";

// The evidence-archive commands of spec 4.7 on real rows and real files: exit codes, output
// and effect; --help and wrong calls (exit 2) for each.

const COMMANDS = Object.fromEntries(Object.entries(ALL_COMMANDS).filter(([name]) => name.startsWith("archive:")));

const run = runCommand;

const KEY_A = randomBytes(32).toString("base64");
const KEY_B = randomBytes(32).toString("base64");
let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pd-archive-cli-"));
  setLimits({ STORAGE_DIR: join(dir, "storage") });
});
beforeEach(() => setLimits({ ARCHIVE_SIGNING_KEY: KEY_A, ARCHIVE_SIGNING_KEY_ID: "key-a", ARCHIVE_PREVIOUS_KEYS: undefined }));
afterEach(async () => {
  await db.archivePendingJob.updateMany({
    where: { completedAt: null },
    data: { completedAt: new Date(), lastError: "closed after the test" },
  });
});

const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");
const DAY = 86_400_000;

async function seedImage(opts: { published?: boolean; storeOriginal?: boolean } = {}) {
  const release = await seedRelease({ companyId: (await seedCompany()).id });
  const bytes = randomBytes(2048);
  const sha = sha256(bytes);
  const prefix = randomBytes(8).toString("hex");
  const originalPath = `evidence/originals/${prefix}/${sha}.jpg`;
  if (opts.storeOriginal !== false) await getFileStorage().put(originalPath, bytes, "image/jpeg");
  const image = await db.pressReleaseImage.create({
    data: {
      pressReleaseId: release.id,
      bytesSha256: sha,
      metadataHash: sha256(prefix),
      mimeType: "image/jpeg",
      width: 100,
      height: 80,
      sizeBytes: bytes.length,
      displayPath: `img/${prefix}/a.jpg`,
      rulesVersion: "test-rules",
      storagePrefix: prefix,
      originalPath,
      publishedEverAt: opts.published === false ? null : new Date(),
    },
  });
  return { release, image, bytes, originalPath };
}

const enqueue = (imageId: number) =>
  db.$transaction((tx) => enqueueArchiveJob(tx, { operation: "image_evidence", subjectType: IMAGE_SUBJECT, subjectId: imageId }));

/** Puts a file and dates it back, as the sweep sees files by their modification time. */
async function putAged(key: string, ageMs: number) {
  await getFileStorage().put(key, Buffer.from(`file ${key}`), "application/json");
  const at = new Date(Date.now() - ageMs);
  await utimes(storagePath(key), at, at);
}
const exists = async (key: string) => (await getFileStorage().get(key)) !== null;

describe("archive console commands", () => {
  it("archive:keys prints the public key of every key id, the current one marked", async () => {
    const r = await run("archive:keys");
    expect(r.code).toBe(0);
    expect(r.out.some((l) => /^[\w.-]+\t[A-Za-z0-9+/]{43}=\tcurrent$/.test(l))).toBe(true);
  });

  it("every one answers --help with its usage (exit 0) and a wrong call with 2", async () => {
    const wrong: Record<string, string[][]> = {
      "archive:retry-pending": [["--limit=0"], ["--limit=x"], ["--limit"], ["--force"], ["extra"]],
      "archive:sweep-orphans": [["--dry-run=1"], ["--force"], ["x"]],
      "archive:purge": [["--dry-run=1"], ["--force"], ["x"]],
      "archive:reregister": [["--dry-run=yes"], ["x"]],
      "archive:verify-export": [[], ["a.json", "b.json"], ["a.json", "--accept-unsigned=1"], ["a.json", "--force"]],
      "archive:export": [[], ["abc"], ["0"], ["1", "2"], ["1", "--dry-run"]],
      "archive:keys": [["x"], ["--all"]],
    };
    for (const [name, command] of Object.entries(COMMANDS)) {
      const help = await run(name, "--help");
      expect([name, help.code, help.out[0]]).toEqual([name, 0, `Usage: ${command.usage}`]);
      expect(help.out.at(-1)).toContain("Exit codes");
      for (const argv of wrong[name]!) {
        const r = await run(name, ...argv);
        expect([name, argv, r.code]).toEqual([name, argv, 2]);
        expect(r.err.at(-1)).toContain("Usage:");
      }
    }
  });

  it("archive:retry-pending exits 1 while a job fails and 0 once it succeeds", async () => {
    const { image, bytes, originalPath } = await seedImage();
    await getFileStorage().delete(originalPath);
    await enqueue(image.id);
    const failed = await run("archive:retry-pending");
    expect([failed.code, failed.out]).toEqual([1, ["done 0, failed 1, open 1"]]);
    await getFileStorage().put(originalPath, bytes, "image/jpeg");
    const done = await run("archive:retry-pending", "--limit=5");
    expect([done.code, done.out]).toEqual([0, ["done 1, failed 0, open 0"]]);
    expect(await db.archiveEntry.count({ where: { kind: "image_original", subjectId: image.id } })).toBe(1);
  });

  it("archive:export and archive:verify-export: a storage key or a file; a previous key, tampering, unsigned", async () => {
    const { release, image } = await seedImage();
    await enqueue(image.id);
    await run("archive:retry-pending");
    const exported = await run("archive:export", String(release.id));
    expect(exported.code).toBe(0);
    const key = exported.out[0]!;
    expect(key).toMatch(new RegExp(`^evidence/exports/release-${release.id}-.+\\.json$`));
    expect(exported.out[1]).toBe("1 entries, 1 images, signed with key key-a");
    expect(await run("archive:verify-export", key)).toEqual({
      code: 0,
      out: ["valid: signed with key key-a, 1 entries verified"],
      err: [],
    });

    const text = (await getFileStorage().get(key))!.bytes.toString("utf8");
    const file = join(dir, "export.json");
    await writeFile(file, text);
    setLimits({ ARCHIVE_SIGNING_KEY: KEY_B, ARCHIVE_SIGNING_KEY_ID: "key-b", ARCHIVE_PREVIOUS_KEYS: `key-a:${KEY_A}` });
    expect((await run("archive:verify-export", file)).code).toBe(0);

    await writeFile(
      file,
      text.replace(
        `"bytesSha256": "${image.bytesSha256}"`,
        `"bytesSha256": "${image.bytesSha256.slice(0, -1)}${image.bytesSha256.endsWith("0") ? "1" : "0"}"`,
      ),
    );
    expect(await readFile(file, "utf8")).not.toBe(text);
    const tampered = await run("archive:verify-export", file);
    expect(tampered.code).toBe(1);
    expect(tampered.err[0]).toMatch(/^invalid: signature does not match the document/);

    setLimits({ ARCHIVE_PREVIOUS_KEYS: undefined });
    await writeFile(file, text);
    const unknown = await run("archive:verify-export", file);
    expect([unknown.code, unknown.err[0]]).toEqual([1, expect.stringContaining('unknown signing key id "key-a"')]);

    const unsigned = JSON.parse(text) as Record<string, unknown>;
    delete unsigned["signature"];
    delete unsigned["keyId"];
    await writeFile(file, JSON.stringify(unsigned));
    // Accepted unsigned, its entries must still verify: not while their key is unknown.
    expect((await run("archive:verify-export", file, "--accept-unsigned")).err[0]).toMatch(
      /^invalid: entry \d+ \(image_original\) has an invalid signature/,
    );
    setLimits({ ARCHIVE_PREVIOUS_KEYS: `key-a:${KEY_A}` });
    expect(await run("archive:verify-export", file)).toEqual({
      code: 1,
      out: [],
      err: ["invalid: unsigned export: refused without --accept-unsigned"],
    });
    const accepted = await run("archive:verify-export", file, "--accept-unsigned");
    expect(accepted.code).toBe(0);
    expect(accepted.out[0]).toMatch(/^valid with a warning: unsigned export accepted/);

    expect(await run("archive:verify-export", join(dir, "missing.json"))).toMatchObject({
      code: 1,
      err: [`no such export: ${join(dir, "missing.json")}`],
    });
    expect((await run("archive:verify-export", "evidence/exports/none.json")).code).toBe(1);
    expect(await run("archive:export", "2000000000")).toMatchObject({ code: 1, err: ["press release 2000000000 not found"] });
  });

  it("archive:sweep-orphans deletes old unreferenced evidence files, keeps the rest, closes jobs of gone subjects; --dry-run changes nothing", async () => {
    const { image, originalPath } = await seedImage();
    await utimes(storagePath(originalPath), new Date(Date.now() - 3 * DAY), new Date(Date.now() - 3 * DAY));
    const snapshotJson = `evidence/snapshots/${image.storagePrefix}/cover.json`;
    const snapshotCover = `evidence/snapshots/${image.storagePrefix}/cover.jpg`;
    await db.pressReleaseImageSnapshot.create({
      data: {
        imageId: image.id,
        variant: "cover",
        bytesHash: image.bytesSha256,
        metadataHash: image.metadataHash,
        coverPath: snapshotCover,
        jsonPath: snapshotJson,
      },
    });
    const entryFile = `evidence/legal/${image.storagePrefix}/letter.json`;
    await recordArchiveEntry(db, image.pressReleaseId, {
      kind: "legal_request",
      subjectType: IMAGE_SUBJECT,
      subjectId: image.id,
      payload: { note: "letter" },
      storagePath: entryFile,
    });
    const orphanOld = `evidence/originals/${randomBytes(8).toString("hex")}/lost.jpg`;
    const orphanNew = `evidence/originals/${randomBytes(8).toString("hex")}/uploading.jpg`;
    const oldExport = `evidence/exports/release-1-old.json`;
    for (const k of [snapshotJson, snapshotCover, entryFile, orphanOld, oldExport]) await putAged(k, 2 * DAY);
    await putAged(orphanNew, 60_000);

    // A job whose image is gone, and the marker it left on its release.
    const gone = await seedImage();
    const { jobId } = await enqueue(gone.image.id);
    await db.pressReleaseImage.delete({ where: { id: gone.image.id } });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: gone.release.id } })).archivePendingAt).not.toBeNull();

    const dry = await run("archive:sweep-orphans", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toEqual([
      `would close job ${jobId} (image_evidence ${IMAGE_SUBJECT} ${gone.image.id}): subject gone`,
      `would clear archive_pending_at of release ${gone.release.id}`,
      expect.stringMatching(new RegExp(`^would delete ${orphanOld} \\(`)),
      "dry run, nothing changed: 1 jobs closed, 1 markers cleared, 1 files deleted",
    ]);
    expect(await exists(orphanOld)).toBe(true);
    expect((await db.archivePendingJob.findUniqueOrThrow({ where: { id: jobId! } })).completedAt).toBeNull();

    const swept = await run("archive:sweep-orphans");
    expect(swept.out.at(-1)).toBe("1 jobs closed, 1 markers cleared, 1 files deleted");
    expect(await exists(orphanOld)).toBe(false);
    for (const k of [originalPath, snapshotJson, snapshotCover, entryFile, orphanNew, oldExport])
      expect([k, await exists(k)]).toEqual([k, true]);
    expect(await db.archivePendingJob.findUniqueOrThrow({ where: { id: jobId! } })).toMatchObject({
      lastError: "subject gone",
      completedAt: expect.any(Date),
    });
    expect((await db.pressRelease.findUniqueOrThrow({ where: { id: gone.release.id } })).archivePendingAt).toBeNull();
    expect((await run("archive:sweep-orphans")).out.at(-1)).toBe("0 jobs closed, 0 markers cleared, 0 files deleted");
  });

  it("archive:reregister archives ever-published images without an image_original entry, once", async () => {
    const published = await seedImage();
    const draft = await seedImage({ published: false });
    const dry = await run("archive:reregister", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(`would register image ${published.image.id} (release ${published.release.id})`);
    expect(dry.out.join("\n")).not.toContain(`image ${draft.image.id} `);
    expect(await db.archivePendingJob.count({ where: { subjectId: published.image.id } })).toBe(0);

    const r = await run("archive:reregister");
    expect(r.code).toBe(0);
    expect(r.out).toContain(`registered image ${published.image.id} (release ${published.release.id})`);
    expect(r.out.at(-1)).toMatch(/^registered \d+ images; jobs done \d+, failed 0, open 0$/);
    expect(await db.archiveEntry.count({ where: { kind: "image_original", subjectId: published.image.id } })).toBe(1);
    expect(await db.archiveEntry.count({ where: { subjectId: draft.image.id } })).toBe(0);
    expect((await run("archive:reregister")).out).toEqual(["registered 0 images; jobs done 0, failed 0, open 0"]);

    const lost = await seedImage({ storeOriginal: false });
    const failing = await run("archive:reregister");
    expect(failing.code).toBe(1);
    expect(failing.out.at(-1)).toBe("registered 1 images; jobs done 0, failed 1, open 1");
    expect((await db.archivePendingJob.findFirstOrThrow({ where: { subjectId: lost.image.id } })).lastError).toBe(
      `original missing in storage: ${lost.originalPath}`,
    );
  });
});
