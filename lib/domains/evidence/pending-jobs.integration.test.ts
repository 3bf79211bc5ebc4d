import { createHash, randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { diskStorage, getFileStorage, setFileStorageForTests } from "@/lib/core/storage/file-storage";
import { seedCompany, seedRelease, seedUser } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { IMAGE_SUBJECT } from "./jobs";
import { enqueueArchiveJob, runPendingArchiveJobs } from "./pending-jobs";
import { verifyArchiveEntry } from "./record-archive-entry";
import { recordImageRemoval } from "./record-image-removal";

// archive_pending_jobs against the real Postgres: one open job per operation and subject under
// concurrent enqueues, the release marker, the image_evidence entries (idempotent, verified
// originals), claims two runners never share, and the image_removed entry.

beforeAll(async () => {
  setLimits({
    STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-archive-jobs-")),
    ARCHIVE_SIGNING_KEY: randomBytes(32).toString("base64"),
    ARCHIVE_SIGNING_KEY_ID: "kt",
  });
});

// The runner works every open job of the database: a test leaves none behind for the next.
afterEach(async () => {
  await db.archivePendingJob.updateMany({
    where: { completedAt: null },
    data: { completedAt: new Date(), lastError: "closed after the test" },
  });
});

const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

async function seedReleaseRow() {
  const company = await seedCompany();
  return seedRelease({ companyId: company.id });
}

/** A published image with its original stored as real JPEG bytes. */
async function seedImage(pressReleaseId?: number) {
  const releaseId = pressReleaseId ?? (await seedReleaseRow()).id;
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: randomBytes(1)[0]!, g: 90, b: 30 } } })
    .jpeg()
    .toBuffer();
  const sha = sha256(bytes);
  const prefix = randomBytes(8).toString("hex");
  const originalPath = `evidence/originals/${prefix}/${sha}.jpg`;
  await getFileStorage().put(originalPath, bytes, "image/jpeg");
  const image = await db.pressReleaseImage.create({
    data: {
      pressReleaseId: releaseId,
      bytesSha256: sha,
      metadataHash: sha256(`meta-${prefix}`),
      mimeType: "image/jpeg",
      width: 40,
      height: 30,
      sizeBytes: bytes.length,
      displayPath: `img/${prefix}/${sha.slice(0, 16)}-40.jpg`,
      rulesVersion: "test-rules",
      storagePrefix: prefix,
      originalPath,
      publishedEverAt: new Date(),
    },
  });
  return { image, bytes, originalPath };
}

const enqueue = (imageId: number, operation: "image_evidence" | "image_removed" = "image_evidence") =>
  db.$transaction((tx) => enqueueArchiveJob(tx, { operation, subjectType: IMAGE_SUBJECT, subjectId: imageId }));
const openJobs = (imageId: number) =>
  db.archivePendingJob.findMany({ where: { subjectType: IMAGE_SUBJECT, subjectId: imageId, completedAt: null } });
const entriesOf = (imageId: number) =>
  db.archiveEntry.findMany({ where: { subjectType: IMAGE_SUBJECT, subjectId: imageId }, orderBy: { id: "asc" } });
const marker = async (releaseId: number) => (await db.pressRelease.findUniqueOrThrow({ where: { id: releaseId } })).archivePendingAt;

describe("enqueueArchiveJob", () => {
  it("two transactions at once open one job; once it is completed a new one can be opened", async () => {
    const { image } = await seedImage();
    const results = await Promise.all(
      [0, 1].map(() =>
        db.$transaction(async (tx) => {
          const r = await enqueueArchiveJob(tx, {
            operation: "image_evidence",
            subjectType: IMAGE_SUBJECT,
            subjectId: image.id,
            pressReleaseId: image.pressReleaseId,
          });
          await tx.$executeRaw`SELECT pg_sleep(0.1)`;
          return r;
        }),
      ),
    );
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0]!.jobId).toBe(results[1]!.jobId);
    expect(await openJobs(image.id)).toHaveLength(1);
    // Another operation on the same subject is a job of its own.
    expect((await enqueue(image.id, "image_removed")).created).toBe(true);
    expect(await runPendingArchiveJobs()).toMatchObject({ done: 2, failed: 0, remaining: 0 });
    const again = await enqueue(image.id);
    expect(again.created).toBe(true);
    expect(await db.archivePendingJob.count({ where: { subjectId: image.id, operation: "image_evidence" } })).toBe(2);
    expect(await openJobs(image.id)).toHaveLength(1);
  });

  it("marks the release on enqueue and clears the marker when its last open job completes, not before", async () => {
    const release = await seedReleaseRow();
    const a = await seedImage(release.id);
    const b = await seedImage(release.id);
    expect(await marker(release.id)).toBeNull();
    await enqueue(a.image.id);
    const since = await marker(release.id);
    expect(since).toBeInstanceOf(Date);
    await getFileStorage().delete(b.originalPath);
    await enqueue(b.image.id);
    expect(await marker(release.id)).toEqual(since);
    const first = await runPendingArchiveJobs();
    expect(first).toMatchObject({ done: 1, failed: 1, remaining: 1 });
    expect(await marker(release.id)).toEqual(since);
    await getFileStorage().put(b.originalPath, b.bytes, "image/jpeg");
    expect(await runPendingArchiveJobs()).toMatchObject({ done: 1, failed: 0, remaining: 0 });
    expect(await marker(release.id)).toBeNull();
  });
});

describe("image_evidence", () => {
  it("records the original, each snapshot and each confirmation once; runs again add only what is new", async () => {
    const { image, originalPath } = await seedImage();
    const user = await seedUser();
    const snaps = [];
    for (const variant of ["cover", "og"] as const) {
      const jsonPath = `evidence/snapshots/${image.storagePrefix}/${variant}.json`;
      await getFileStorage().put(jsonPath, Buffer.from(JSON.stringify({ variant })), "application/json");
      snaps.push(
        await db.pressReleaseImageSnapshot.create({
          data: {
            imageId: image.id,
            variant,
            bytesHash: image.bytesSha256,
            metadataHash: image.metadataHash,
            coverPath: `evidence/snapshots/${image.storagePrefix}/${variant}.jpg`,
            jsonPath,
          },
        }),
      );
    }
    const confirm = () =>
      db.imageRightsConfirmation.create({
        data: {
          subjectType: "press_release",
          subjectId: image.pressReleaseId,
          imageId: image.id,
          imageSha256: image.bytesSha256,
          legalTextKey: "img-confirm-v2",
          userId: user.id,
          ipHmac: "hmac-of-the-ip",
          ipHmacKeyVersion: 1,
          source: "upload",
        },
      });
    const c1 = await confirm();

    await enqueue(image.id);
    expect(await runPendingArchiveJobs()).toMatchObject({ done: 1, failed: 0 });
    const entries = await entriesOf(image.id);
    expect(entries.map((e) => e.kind)).toEqual(["image_original", "image_snapshot", "image_snapshot", "rights_confirmation"]);
    expect(entries[0]).toMatchObject({
      storagePath: originalPath,
      signingKeyId: "kt",
      payload: {
        imageId: image.id,
        releaseId: image.pressReleaseId,
        bytesSha256: image.bytesSha256,
        mimeType: "image/jpeg",
        width: 40,
        height: 30,
        sizeBytes: image.sizeBytes,
      },
    });
    expect(entries.slice(1, 3).map((e) => [e.storagePath, (e.payload as { snapshotId: number }).snapshotId])).toEqual(
      snaps.map((s) => [s.jsonPath, s.id]),
    );
    expect(entries[3]!.payload).toMatchObject({
      confirmationId: c1.id,
      legalTextKey: "img-confirm-v2",
      imageSha256: image.bytesSha256,
      confirmedAt: c1.confirmedAt.toISOString(),
      source: "upload",
      userId: user.id,
    });
    expect(JSON.stringify(entries[3]!.payload)).not.toContain("hmac");
    expect(entries.every(verifyArchiveEntry)).toBe(true);
    expect(verifyArchiveEntry({ ...entries[0]!, payload: { ...(entries[0]!.payload as object), width: 41 } })).toBe(false);

    await enqueue(image.id);
    expect(await runPendingArchiveJobs()).toMatchObject({ done: 1, failed: 0 });
    expect(await entriesOf(image.id)).toHaveLength(4);

    const c2 = await confirm();
    await enqueue(image.id);
    await runPendingArchiveJobs();
    const after = await entriesOf(image.id);
    expect(after).toHaveLength(5);
    expect(after[4]!.payload).toMatchObject({ confirmationId: c2.id });
  });

  it("a missing or altered original fails the job with last_error, and it succeeds once the file is back", async () => {
    const { image, bytes, originalPath } = await seedImage();
    await getFileStorage().delete(originalPath);
    const { jobId } = await enqueue(image.id);
    expect(await runPendingArchiveJobs()).toEqual({ done: 0, failed: 1, remaining: 1 });
    let job = await db.archivePendingJob.findUniqueOrThrow({ where: { id: jobId! } });
    expect(job).toMatchObject({ attempts: 1, completedAt: null, lastError: `original missing in storage: ${originalPath}` });
    expect(await entriesOf(image.id)).toHaveLength(0);

    await getFileStorage().put(originalPath, Buffer.concat([bytes, Buffer.from("x")]), "image/jpeg");
    expect(await runPendingArchiveJobs()).toMatchObject({ done: 0, failed: 1 });
    job = await db.archivePendingJob.findUniqueOrThrow({ where: { id: jobId! } });
    expect(job.attempts).toBe(2);
    expect(job.lastError).toContain(`does not match bytes_sha256`);

    await getFileStorage().put(originalPath, bytes, "image/jpeg");
    expect(await runPendingArchiveJobs()).toEqual({ done: 1, failed: 0, remaining: 0 });
    job = await db.archivePendingJob.findUniqueOrThrow({ where: { id: jobId! } });
    expect(job.completedAt).toBeInstanceOf(Date);
    expect((await entriesOf(image.id)).map((e) => e.kind)).toEqual(["image_original"]);
  });

  it("a job whose image is gone fails with 'subject gone'", async () => {
    const { image } = await seedImage();
    const { jobId } = await enqueue(image.id);
    await db.pressReleaseImage.delete({ where: { id: image.id } });
    expect(await runPendingArchiveJobs()).toMatchObject({ done: 0, failed: 1 });
    expect((await db.archivePendingJob.findUniqueOrThrow({ where: { id: jobId! } })).lastError).toBe(
      `subject gone: ${IMAGE_SUBJECT} ${image.id}`,
    );
  });
});

describe("runPendingArchiveJobs", () => {
  it("two runners at once never run the same job", async () => {
    const failing = await Promise.all(Array.from({ length: 6 }, () => seedImage()));
    for (const f of failing) await getFileStorage().delete(f.originalPath);
    const passing = await Promise.all(Array.from({ length: 6 }, () => seedImage()));
    for (const x of [...failing, ...passing]) await enqueue(x.image.id);

    // Each run of a job reads its original once: count the reads, slowed so the runs overlap.
    const reads = new Map<string, number>();
    setFileStorageForTests({
      ...diskStorage,
      get: async (key) => {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 15));
        return diskStorage.get(key);
      },
    });
    const [r1, r2] = await Promise.all([runPendingArchiveJobs(), runPendingArchiveJobs()]).finally(() => setFileStorageForTests(null));
    expect(r1!.done + r2!.done).toBe(6);
    expect(r1!.failed + r2!.failed).toBe(6);
    expect(r1!.done + r1!.failed).toBeGreaterThan(0);
    expect(r2!.done + r2!.failed).toBeGreaterThan(0);
    expect([...failing, ...passing].map((x) => reads.get(x.originalPath))).toEqual(Array(12).fill(1));
    for (const f of failing) expect((await db.archivePendingJob.findFirstOrThrow({ where: { subjectId: f.image.id } })).attempts).toBe(1);
    for (const p of passing) expect(await entriesOf(p.image.id)).toHaveLength(1);
    for (const f of failing) await getFileStorage().put(f.originalPath, f.bytes, "image/jpeg");
    expect(await runPendingArchiveJobs()).toMatchObject({ done: 6, failed: 0, remaining: 0 });
  });

  it("a job claimed by a runner that died is left alone until its lease runs out", async () => {
    const { image } = await seedImage();
    const { jobId } = await enqueue(image.id);
    const leaseEnd = new Date(Date.now() + 5 * 60_000);
    await db.$executeRaw`UPDATE archive_pending_jobs SET claimed_until = ${leaseEnd} WHERE id = ${jobId}`;
    expect(await runPendingArchiveJobs()).toEqual({ done: 0, failed: 0, remaining: 1 });
    expect(await runPendingArchiveJobs({ now: new Date(leaseEnd.getTime() + 1000) })).toEqual({ done: 1, failed: 0, remaining: 0 });
  });

  it("respects the limit", async () => {
    for (let i = 0; i < 3; i++) await enqueue((await seedImage()).image.id);
    expect(await runPendingArchiveJobs({ limit: 2 })).toEqual({ done: 2, failed: 0, remaining: 1 });
    expect(await runPendingArchiveJobs({ limit: 2 })).toEqual({ done: 1, failed: 0, remaining: 0 });
  });
});

describe("image removal", () => {
  it("recordImageRemoval writes one signed image_removed entry with reason, actor and legal request, and archives the rest", async () => {
    const { image } = await seedImage();
    const admin = await seedUser();
    const legal = await db.legalRequest.create({
      data: {
        track: "depublication",
        pressReleaseId: image.pressReleaseId,
        requesterName: "R",
        requesterEmail: "r@example.test",
        body: "Please remove.",
      },
    });
    const removedAt = new Date("2026-03-04T05:06:07.089Z");
    const remove = () =>
      db.$transaction(async (tx) => {
        await tx.pressReleaseImage.update({ where: { id: image.id }, data: { deletedAt: removedAt } });
        return recordImageRemoval(tx, {
          imageId: image.id,
          pressReleaseId: image.pressReleaseId,
          bytesSha256: image.bytesSha256,
          reason: "rights holder objected",
          actorUserId: admin.id,
          legalRequestId: legal.id,
        });
      });
    const entry = await remove();
    expect(entry).toMatchObject({
      kind: "image_removed",
      legalRequestId: legal.id,
      payload: {
        imageId: image.id,
        releaseId: image.pressReleaseId,
        bytesSha256: image.bytesSha256,
        removedAt: removedAt.toISOString(),
        reason: "rights holder objected",
        actorUserId: admin.id,
        recordedBy: "removal",
      },
    });
    expect(verifyArchiveEntry(entry)).toBe(true);
    expect((await remove()).id).toBe(entry.id);
    expect(await openJobs(image.id)).toMatchObject([{ operation: "image_evidence" }]);
    expect(await marker(image.pressReleaseId)).toBeInstanceOf(Date);
    await runPendingArchiveJobs();
    expect((await entriesOf(image.id)).map((e) => e.kind).sort()).toEqual(["image_original", "image_removed"]);
    expect(await marker(image.pressReleaseId)).toBeNull();
  });

  it("the image_removed job fills in a removal recorded without its entry, once; a restored image gets none", async () => {
    const { image } = await seedImage();
    await db.pressReleaseImage.update({ where: { id: image.id }, data: { deletedAt: new Date() } });
    await enqueue(image.id, "image_removed");
    await runPendingArchiveJobs();
    await enqueue(image.id, "image_removed");
    await runPendingArchiveJobs();
    const removed = (await entriesOf(image.id)).filter((e) => e.kind === "image_removed");
    expect(removed).toHaveLength(1);
    expect(removed[0]!.payload).toMatchObject({ reason: null, actorUserId: null, recordedBy: "archive_job" });

    const restored = await seedImage();
    await enqueue(restored.image.id, "image_removed");
    expect(await runPendingArchiveJobs()).toMatchObject({ done: 1, failed: 0 });
    expect(await entriesOf(restored.image.id)).toHaveLength(0);
  });
});
