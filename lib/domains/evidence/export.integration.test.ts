import { createHash, randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { seedCompany, seedRelease } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { EVIDENCE_EXPORT_FORMAT, exportReleaseEvidence, verifyEvidenceExport, type EvidenceExport } from "./export";
import { IMAGE_SUBJECT } from "./jobs";
import { enqueueArchiveJob, runPendingArchiveJobs } from "./pending-jobs";
import { archiveEntrySignedData } from "./record-archive-entry";
import { canonicalJson, signEvidence } from "./signing";

// Signed evidence exports: what they contain, and that a previous key still verifies while a
// tampered document, an unknown key id or a missing signature do not.

const KEY_A = randomBytes(32).toString("base64");
const KEY_B = randomBytes(32).toString("base64");
const asKeyA = () => setLimits({ ARCHIVE_SIGNING_KEY: KEY_A, ARCHIVE_SIGNING_KEY_ID: "key-a", ARCHIVE_PREVIOUS_KEYS: undefined });
const asKeyBWithA = () =>
  setLimits({ ARCHIVE_SIGNING_KEY: KEY_B, ARCHIVE_SIGNING_KEY_ID: "key-b", ARCHIVE_PREVIOUS_KEYS: `key-a:${KEY_A}` });
const asKeyBOnly = () => setLimits({ ARCHIVE_SIGNING_KEY: KEY_B, ARCHIVE_SIGNING_KEY_ID: "key-b", ARCHIVE_PREVIOUS_KEYS: undefined });

beforeAll(async () => setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-archive-export-")) }));
beforeEach(asKeyA);
afterAll(() => setLimits({ ARCHIVE_SIGNING_KEY: undefined, ARCHIVE_SIGNING_KEY_ID: undefined, ARCHIVE_PREVIOUS_KEYS: undefined }));

const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

/** A release with one published image whose original, snapshot files and entries exist. */
async function releaseWithEvidence() {
  const release = await seedRelease({ companyId: (await seedCompany()).id });
  const bytes = randomBytes(4096);
  const sha = sha256(bytes);
  const prefix = randomBytes(8).toString("hex");
  const originalPath = `evidence/originals/${prefix}/${sha}.jpg`;
  await getFileStorage().put(originalPath, bytes, "image/jpeg");
  const image = await db.pressReleaseImage.create({
    data: {
      pressReleaseId: release.id,
      bytesSha256: sha,
      metadataHash: sha256(prefix),
      mimeType: "image/jpeg",
      width: 800,
      height: 600,
      sizeBytes: bytes.length,
      displayPath: `img/${prefix}/a.jpg`,
      rulesVersion: "test-rules",
      storagePrefix: prefix,
      originalPath,
      publishedEverAt: new Date(),
    },
  });
  const json = Buffer.from('{"credit":"Foto: Test"}');
  const jsonPath = `evidence/snapshots/${prefix}/cover.json`;
  await getFileStorage().put(jsonPath, json, "application/json");
  await db.pressReleaseImageSnapshot.create({
    data: {
      imageId: image.id,
      variant: "cover",
      bytesHash: sha,
      metadataHash: image.metadataHash,
      coverPath: `evidence/snapshots/${prefix}/cover.jpg`,
      jsonPath,
    },
  });
  await db.$transaction((tx) => enqueueArchiveJob(tx, { operation: "image_evidence", subjectType: IMAGE_SUBJECT, subjectId: image.id }));
  expect(await runPendingArchiveJobs()).toMatchObject({ done: 1, failed: 0 });
  return { release, image, originalPath, jsonPath, sha, jsonSha: sha256(json) };
}

async function storedText(key: string) {
  return (await getFileStorage().get(key))!.bytes.toString("utf8");
}

describe("exportReleaseEvidence", () => {
  it("stores one signed file with the release, every entry and the hash of each stored file", async () => {
    const { release, image, originalPath, jsonPath, sha, jsonSha } = await releaseWithEvidence();
    const now = new Date("2026-05-06T07:08:09.010Z");
    const { key, document } = await exportReleaseEvidence({ pressReleaseId: release.id, now });
    expect(key).toBe(`evidence/exports/release-${release.id}-2026-05-06T07-08-09-010Z.json`);
    const stored = JSON.parse(await storedText(key)) as EvidenceExport;
    expect(stored).toEqual(JSON.parse(JSON.stringify(document)));
    expect(stored).toMatchObject({ format: EVIDENCE_EXPORT_FORMAT, keyId: "key-a" });
    expect(stored.document.release).toEqual({ id: release.id, title: release.title, slug: release.slug });
    expect(stored.document.entries.map((e) => e.kind)).toEqual(["image_original", "image_snapshot"]);
    expect(stored.document.images).toEqual([
      {
        id: image.id,
        bytesSha256: sha,
        publishedEverAt: image.publishedEverAt!.toISOString(),
        deletedAt: null,
        precheckSnapshot: null,
        files: [
          { role: "original", path: originalPath, sha256: sha },
          { role: "snapshot_cover", path: `evidence/snapshots/${image.storagePrefix}/cover.jpg`, sha256: null },
          { role: "snapshot_json", path: jsonPath, sha256: jsonSha },
        ],
      },
    ]);
    expect(verifyEvidenceExport(await storedText(key), { acceptUnsigned: false })).toEqual({
      ok: true,
      keyId: "key-a",
      reason: null,
      entries: 2,
    });
  });

  it("an unknown release is not_found", async () => {
    await expect(exportReleaseEvidence({ pressReleaseId: 2_000_000_000 })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("verifyEvidenceExport", () => {
  it("an export signed with a previous key verifies once that key is listed; unlisted, its id is unknown", async () => {
    const { release } = await releaseWithEvidence();
    const { key } = await exportReleaseEvidence({ pressReleaseId: release.id });
    const text = await storedText(key);
    asKeyBWithA();
    expect(verifyEvidenceExport(text, { acceptUnsigned: false })).toEqual({ ok: true, keyId: "key-a", reason: null, entries: 2 });
    asKeyBOnly();
    const unknown = verifyEvidenceExport(text, { acceptUnsigned: true });
    expect(unknown).toMatchObject({ ok: false, keyId: "key-a" });
    expect(unknown.reason).toContain('unknown signing key id "key-a"');
  });

  it("one changed character of the document fails; so does an entry changed and the document signed again", async () => {
    const { release } = await releaseWithEvidence();
    const text = await storedText((await exportReleaseEvidence({ pressReleaseId: release.id })).key);
    const tampered = text.replace(`"title": "${release.title}"`, `"title": "${release.title.slice(0, -1)}X"`);
    expect(tampered).not.toBe(text);
    const r = verifyEvidenceExport(tampered, { acceptUnsigned: false });
    expect(r.ok).toBe(false);
    expect(r.reason).toContain("signature does not match the document");

    const file = JSON.parse(text) as EvidenceExport;
    (file.document.entries[0]!.payload as { width: number }).width = 1;
    const resigned = { ...file, ...signEvidence(canonicalJson(file.document)) };
    const entry = verifyEvidenceExport(JSON.stringify(resigned), { acceptUnsigned: false });
    expect(entry).toMatchObject({ ok: false, keyId: "key-a" });
    expect(entry.reason).toMatch(/^entry \d+ \(image_original\) has an invalid signature/);
    // A signature under another key id than the file claims fails too.
    asKeyBWithA();
    const relabelled = { ...file, keyId: "key-b" };
    expect(verifyEvidenceExport(JSON.stringify(relabelled), { acceptUnsigned: false }).reason).toContain('not signed by key "key-b"');
  });

  it("an unsigned export is refused unless accepted explicitly, and then only with its entries intact", async () => {
    const { release } = await releaseWithEvidence();
    const file = JSON.parse(await storedText((await exportReleaseEvidence({ pressReleaseId: release.id })).key)) as Partial<EvidenceExport>;
    delete file.signature;
    delete file.keyId;
    expect(verifyEvidenceExport(JSON.stringify(file), { acceptUnsigned: false })).toEqual({
      ok: false,
      keyId: null,
      reason: "unsigned export: refused without --accept-unsigned",
      entries: 2,
    });
    const accepted = verifyEvidenceExport(JSON.stringify(file), { acceptUnsigned: true });
    expect(accepted).toMatchObject({ ok: true, keyId: null, entries: 2 });
    expect(accepted.reason).toContain("unsigned export accepted");
    file.document!.entries[1]!.storagePath = "evidence/elsewhere.json";
    expect(verifyEvidenceExport(JSON.stringify(file), { acceptUnsigned: true }).ok).toBe(false);
  });

  it("refuses what is not an export of this format", async () => {
    expect(verifyEvidenceExport("not json", { acceptUnsigned: true }).reason).toBe("not a JSON document");
    expect(verifyEvidenceExport(JSON.stringify({ format: "other/1", document: {} }), { acceptUnsigned: true }).reason).toContain(
      "wrong format",
    );
    expect(
      verifyEvidenceExport(JSON.stringify({ format: EVIDENCE_EXPORT_FORMAT, document: { format: EVIDENCE_EXPORT_FORMAT } }), {
        acceptUnsigned: true,
      }).reason,
    ).toContain("wrong format");
    const entryData = archiveEntrySignedData({
      kind: "image_original",
      subjectType: IMAGE_SUBJECT,
      subjectId: 1,
      legalRequestId: null,
      storagePath: null,
      payload: {},
    });
    expect(entryData).toBe(
      '{"kind":"image_original","legalRequestId":null,"payload":{},"storagePath":null,"subjectId":1,"subjectType":"press_release_image"}',
    );
  });
});
