import { createHash, randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { getFileStorage, setFileStorageForTests } from "@/lib/core/storage/file-storage";
import { runCommand as run } from "@/tests/console-run";
import { seedCompany, seedRelease } from "@/tests/factories";
import { complianceAdmin, seedLegalRequest } from "@/tests/legal-request-fixtures";
import { setLimits } from "@/tests/limits";
import { setEvidenceHold } from "./evidence-hold";
import { IMAGE_SUBJECT, LEGAL_REQUEST_SUBJECT } from "./jobs";
import { enqueueArchiveJob, runPendingArchiveJobs } from "./pending-jobs";
import { purgeArchive } from "./purge-archive";
import { recordArchiveEntry } from "./record-archive-entry";
import { recordRemovalEntry } from "./removal-entry";

// Spec 1.5: "An archive keeps this evidence under hold and deletion rules". Every entry gets
// its hold and delete-after date when written; archive:purge (and its daily job) deletes what is
// due with its files, never what a hold, an open legal request or an image in use keeps, and
// purges running at once never delete an entry or a file twice.

const DAY = 86_400_000;
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");
const year = new Date().getUTCFullYear();
/** New Year after `years` full years from the end of this one. */
const newYear = (years: number) => new Date(Date.UTC(year + years + 1, 0, 1));

beforeAll(async () => {
  setLimits({ STORAGE_DIR: join(await mkdtemp(join(tmpdir(), "pd-archive-purge-")), "storage") });
});
beforeEach(() =>
  setLimits({
    ARCHIVE_SIGNING_KEY: randomBytes(32).toString("base64"),
    ARCHIVE_SIGNING_KEY_ID: "purge-key",
    ARCHIVE_PREVIOUS_KEYS: undefined,
  }),
);
afterEach(() => setFileStorageForTests(null));

const exists = async (key: string) => (await getFileStorage().get(key)) !== null;

/** A published image with its original and one snapshot stored, archived through the evidence job. */
async function archivedImage(opts: { removed?: boolean } = {}) {
  const release = await seedRelease({
    companyId: (await seedCompany()).id,
    status: "published",
    publishedAt: new Date(),
    publishedEverAt: new Date(),
  });
  const bytes = randomBytes(1500);
  const sha = sha256(bytes);
  const prefix = randomBytes(8).toString("hex");
  const originalPath = `evidence/originals/${prefix}/${sha}.jpg`;
  const cover = { path: `evidence/snapshots/${prefix}/${sha.slice(0, 16)}-cover.jpg`, bytes: randomBytes(300) };
  const json = { path: `evidence/snapshots/${prefix}/${sha.slice(0, 16)}-cover.json`, bytes: Buffer.from(`{"credit":"${prefix}"}`) };
  for (const [key, b] of [
    [originalPath, bytes],
    [cover.path, cover.bytes],
    [json.path, json.bytes],
  ] as const)
    await getFileStorage().put(key, b, "application/octet-stream");
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
      deletedAt: opts.removed ? new Date() : null,
    },
  });
  const snapshot = await db.pressReleaseImageSnapshot.create({
    data: {
      imageId: image.id,
      variant: "cover",
      bytesHash: sha,
      metadataHash: image.metadataHash,
      coverPath: cover.path,
      jsonPath: json.path,
      coverSha256: sha256(cover.bytes),
      jsonSha256: sha256(json.bytes),
    },
  });
  await db.$transaction((tx) => enqueueArchiveJob(tx, { operation: "image_evidence", subjectType: IMAGE_SUBJECT, subjectId: image.id }));
  await runPendingArchiveJobs({});
  const entries = await db.archiveEntry.findMany({ where: { subjectType: IMAGE_SUBJECT, subjectId: image.id }, orderBy: { id: "asc" } });
  expect(entries.map((e) => e.kind)).toEqual(["image_original", "image_snapshot"]);
  return { release, image, snapshot, entries, files: [originalPath, cover.path, json.path] };
}

/** Sets the image's entries' delete-after date into the past, as if their retention ran out. */
const makeDue = (imageId: number) =>
  db.archiveEntry.updateMany({
    where: { subjectType: IMAGE_SUBJECT, subjectId: imageId },
    data: { deleteAfter: new Date(Date.now() - DAY) },
  });
// Both in id order: a table read without ORDER BY comes back in whatever order the database has.
const entryIds = (x: { entries: { id: number }[] }) => x.entries.map((e) => e.id).sort((a, b) => a - b);
const remaining = async (ids: number[]) =>
  (await db.archiveEntry.findMany({ where: { id: { in: ids } }, select: { id: true }, orderBy: { id: "asc" } })).map((e) => e.id);

describe("archive hold and delete-after dates", () => {
  it("are set on every entry when it is written: by kind, and the release's hold carried to later entries", async () => {
    const a = await archivedImage();
    // Image evidence: ten years after the end of the year it was written in; no hold.
    for (const e of a.entries) expect([e.kind, e.deleteAfter, e.holdUntil]).toEqual([e.kind, newYear(10), null]);

    const request = await seedLegalRequest({ track: "report", status: "executed", releaseId: a.release.id });
    const legal = await recordArchiveEntry(db, request.pressReleaseId, {
      kind: "legal_request",
      subjectType: LEGAL_REQUEST_SUBJECT,
      subjectId: request.id,
      legalRequestId: request.id,
      payload: { note: "executed" },
    });
    // A legal request's record holds personal data: three years.
    expect([legal.deleteAfter, legal.holdUntil]).toEqual([newYear(3), null]);

    const until = new Date(Date.now() + 400 * DAY);
    const held = await setEvidenceHold({
      actorUserId: (await complianceAdmin()).id,
      pressReleaseId: a.release.id,
      until,
      reason: "Klage des Fotografen, Az. 12 O 34/26",
    });
    expect(held.entries).toBe(3);
    // An entry written afterwards (the image's removal) is under the same hold from the start.
    const { entry } = await recordRemovalEntry(db, {
      imageId: a.image.id,
      pressReleaseId: a.release.id,
      bytesSha256: a.image.bytesSha256,
      removedAt: new Date(),
      reason: "Abmahnung",
      actorUserId: null,
      legalRequestId: null,
      recordedBy: "removal",
    });
    expect([entry.holdUntil, entry.deleteAfter]).toEqual([until, newYear(10)]);
    expect(
      await db.activityLog.count({ where: { type: "evidence.hold_set", subjectId: String(a.release.id), result: until.toISOString() } }),
    ).toBe(1);
  });

  it("a hold needs compliance:manage, a reason and a date ahead; lifting it restores the deletion rules", async () => {
    const a = await archivedImage();
    const admin = await db.user.create({
      data: {
        email: `${randomBytes(4).toString("hex")}@staff.test`,
        name: "Admin",
        staffRole: "admin",
        permissions: ["press-releases:publish"],
      },
    });
    const until = new Date(Date.now() + 30 * DAY);
    await expect(
      setEvidenceHold({ actorUserId: admin.id, pressReleaseId: a.release.id, until, reason: "Ich halte das mal fest." }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const compliance = await complianceAdmin();
    await expect(
      setEvidenceHold({ actorUserId: compliance.id, pressReleaseId: a.release.id, until, reason: "kurz" }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      setEvidenceHold({
        actorUserId: compliance.id,
        pressReleaseId: a.release.id,
        until: new Date(Date.now() - DAY),
        reason: "Anfrage der Staatsanwaltschaft",
      }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      setEvidenceHold({ actorUserId: compliance.id, pressReleaseId: 2_000_000_000, until, reason: "Anfrage der Staatsanwaltschaft" }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await db.archiveEntry.count({ where: { id: { in: entryIds(a) }, holdUntil: { not: null } } })).toBe(0);
    await setEvidenceHold({ actorUserId: compliance.id, pressReleaseId: a.release.id, until, reason: "Anfrage der Staatsanwaltschaft" });
    await setEvidenceHold({
      actorUserId: compliance.id,
      pressReleaseId: a.release.id,
      until: null,
      reason: "Verfahren eingestellt, Sperre aufgehoben",
    });
    expect(await db.archiveEntry.count({ where: { id: { in: entryIds(a) }, holdUntil: { not: null } } })).toBe(0);
  });
});

describe("a hold set twice", () => {
  it("never shortens a later hold: a shorter date keeps the later one; only lifting ends it early", async () => {
    const a = await archivedImage();
    const compliance = await complianceAdmin();
    const long = new Date(Date.now() + 5 * 365 * DAY);
    await setEvidenceHold({
      actorUserId: compliance.id,
      pressReleaseId: a.release.id,
      until: long,
      reason: "Klage des Fotografen, Az. 12 O 34/26",
    });
    // A second matter, a shorter hold: both apply, so the later date stays.
    const short = await setEvidenceHold({
      actorUserId: compliance.id,
      pressReleaseId: a.release.id,
      until: new Date(Date.now() + 30 * DAY),
      reason: "Anfrage der Staatsanwaltschaft",
    });
    expect(short.until).toEqual(long);
    for (const e of await db.archiveEntry.findMany({ where: { id: { in: entryIds(a) } } })) expect(e.holdUntil).toEqual(long);
    // A longer one extends it.
    const longer = new Date(Date.now() + 6 * 365 * DAY);
    expect(
      (
        await setEvidenceHold({
          actorUserId: compliance.id,
          pressReleaseId: a.release.id,
          until: longer,
          reason: "Verfahren verlängert, neue Frist",
        })
      ).until,
    ).toEqual(longer);
    await setEvidenceHold({
      actorUserId: compliance.id,
      pressReleaseId: a.release.id,
      until: null,
      reason: "Verfahren beendet, Sperre aufgehoben",
    });
    expect(await db.archiveEntry.count({ where: { id: { in: entryIds(a) }, holdUntil: { not: null } } })).toBe(0);
  });
});

describe("archive:purge", () => {
  it("deletes only due entries that nothing keeps, with their files; holds, open legal requests and images in use keep theirs", async () => {
    const due = await archivedImage({ removed: true });
    const held = await archivedImage({ removed: true });
    const requested = await archivedImage({ removed: true });
    const inUse = await archivedImage();
    const notYet = await archivedImage({ removed: true });
    for (const x of [due, held, requested, inUse]) await makeDue(x.image.id);
    await setEvidenceHold({
      actorUserId: (await complianceAdmin()).id,
      pressReleaseId: held.release.id,
      until: new Date(Date.now() + 90 * DAY),
      reason: "Rechtsstreit anhängig, Az. 3 O 1/26",
    });
    await seedLegalRequest({ track: "report", status: "in_review", releaseId: requested.release.id });

    const dry = await run("archive:purge", "--dry-run");
    expect(dry.code).toBe(0);
    for (const id of entryIds(due))
      expect(dry.out).toContainEqual(expect.stringMatching(new RegExp(`^would delete entry ${id} \\(image_`)));
    for (const f of due.files) expect(dry.out).toContain(`would erase ${f}`);
    for (const x of [held, requested, inUse, notYet])
      for (const id of entryIds(x)) expect(dry.out.join("\n")).not.toContain(`entry ${id} `);
    expect(await remaining(entryIds(due))).toEqual(entryIds(due));
    for (const f of due.files) expect(await exists(f)).toBe(true);

    const r = await run("archive:purge");
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toMatch(
      /^\d+ entries deleted, \d+ files erased, \d+ dated, \d+ extended \(in use\); kept past their date: [1-9]\d* on legal hold, [1-9]\d* for an open legal request, [1-9]\d* in use$/,
    );
    // The due image's entries and files are gone, and nothing points at the files any more.
    expect(await remaining(entryIds(due))).toEqual([]);
    for (const f of due.files) expect([f, await exists(f)]).toEqual([f, false]);
    expect((await db.pressReleaseImage.findUniqueOrThrow({ where: { id: due.image.id } })).originalPath).toBeNull();
    expect(await db.pressReleaseImageSnapshot.count({ where: { id: due.snapshot.id } })).toBe(0);
    expect(
      await db.activityLog.count({
        where: { type: "evidence.purged", metadata: { path: ["entryIds"], array_contains: [entryIds(due)[0]!] } },
      }),
    ).toBe(1);
    // Everything else stays, files included.
    for (const x of [held, requested, inUse, notYet]) {
      expect(await remaining(entryIds(x))).toEqual(entryIds(x));
      for (const f of x.files) expect([f, await exists(f)]).toEqual([f, true]);
    }
    // The image in use keeps its evidence ten years from now on.
    for (const e of await db.archiveEntry.findMany({ where: { id: { in: entryIds(inUse) } } })) expect(e.deleteAfter).toEqual(newYear(10));

    // Once the hold ends and the request is decided, they go as well.
    await db.archiveEntry.updateMany({ where: { id: { in: entryIds(held) } }, data: { holdUntil: new Date(Date.now() - 1000) } });
    await db.legalRequest.updateMany({ where: { pressReleaseId: requested.release.id }, data: { status: "rejected" } });
    await run("archive:purge");
    expect(await remaining([...entryIds(held), ...entryIds(requested)])).toEqual([]);
    for (const f of [...held.files, ...requested.files]) expect(await exists(f)).toBe(false);
  });

  it("keeps a file another entry still names, and dates entries written before dates were set from their creation", async () => {
    const a = await archivedImage({ removed: true });
    const original = a.entries.find((e) => e.kind === "image_original")!;
    // A later entry (say, a legal request's copy) naming the same original keeps the file.
    const keeper = await recordArchiveEntry(db, a.release.id, {
      kind: "image_removed",
      subjectType: IMAGE_SUBJECT,
      subjectId: a.image.id,
      payload: { note: "copy" },
      storagePath: original.storagePath,
    });
    const old = await db.archiveEntry.create({
      data: {
        kind: "image_removed",
        subjectType: IMAGE_SUBJECT,
        subjectId: a.image.id,
        payload: {},
        signature: "s",
        signingKeyId: "k",
        createdAt: new Date("2012-05-01T10:00:00Z"),
      },
    });
    await makeDue(a.image.id);
    await db.archiveEntry.update({ where: { id: keeper.id }, data: { deleteAfter: newYear(10) } });
    await db.archiveEntry.update({ where: { id: old.id }, data: { deleteAfter: null } });

    const r = await purgeArchive();
    expect(r.purged.map((e) => e.id)).toEqual(expect.arrayContaining([...entryIds(a), old.id]));
    expect(r.purged.map((e) => e.id)).not.toContain(keeper.id);
    expect(await exists(original.storagePath!)).toBe(true);
    expect(r.files).not.toContain(original.storagePath);
    // 2012 + 10 years: due since New Year 2023, so it went in the same run.
    expect(r.dated).toBeGreaterThanOrEqual(1);
  });

  it("purges running at once delete each entry and each file exactly once", async () => {
    const images = [];
    for (let i = 0; i < 4; i++) images.push(await archivedImage({ removed: true }));
    for (const x of images) await makeDue(x.image.id);
    const ids = images.flatMap(entryIds);
    const files = images.flatMap((x) => x.files);
    const base = getFileStorage();
    const erased: string[] = [];
    setFileStorageForTests({
      ...base,
      put: base.put.bind(base),
      get: base.get.bind(base),
      list: base.list.bind(base),
      delete: async (key) => {
        erased.push(key);
        await base.delete(key);
      },
    });

    const runs = await Promise.all([purgeArchive({ batchSize: 2 }), purgeArchive({ batchSize: 3 }), purgeArchive({ batchSize: 50 })]);
    const purged = runs.flatMap((r) => r.purged.map((e) => e.id)).filter((id) => ids.includes(id));
    expect(purged.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const mine = erased.filter((k) => files.includes(k));
    expect(mine.sort()).toEqual([...files].sort());
    expect(await remaining(ids)).toEqual([]);
    for (const f of files) expect(await exists(f)).toBe(false);
  });
});
