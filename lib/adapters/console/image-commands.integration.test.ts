import { mkdtemp, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { setEvidenceHold } from "@/lib/domains/evidence/evidence-hold";
import { findJob, SCHEDULES } from "@/lib/runtime/jobs/catalog";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { storagePath } from "@/lib/core/storage/files";
import { runCommand as run } from "@/tests/console-run";
import { seedCompany, seedRelease, unique } from "@/tests/factories";
import { complianceAdmin } from "@/tests/legal-request-fixtures";
import { setLimits } from "@/tests/limits";

// The image maintenance commands of spec 4.7 on real rows and real files.

beforeAll(async () => {
  setLimits({ STORAGE_DIR: await mkdtemp(join(tmpdir(), "pd-image-cli-")) });
});

const DAY = 86_400_000;
const hex = (n: number) =>
  unique("x")
    .replace(/[^0-9a-f]/g, "")
    .padEnd(n, "0")
    .slice(0, n);

async function storeAged(key: string, ageMs: number) {
  await getFileStorage().put(key, Buffer.from(key), "image/jpeg");
  const at = new Date(Date.now() - ageMs);
  await utimes(storagePath(key), at, at);
}

async function imageRow(
  data: {
    releaseData?: Parameters<typeof seedRelease>[0] extends infer T ? Partial<T> : never;
    publishedEverAt?: Date | null;
    formVersion?: "v1" | "v2";
  } = {},
) {
  const release = await seedRelease({ companyId: (await seedCompany()).id, ...data.releaseData });
  const prefix = hex(16);
  const sha = hex(64);
  const originalPath = `evidence/originals/${prefix}/${sha}.jpg`;
  await getFileStorage().put(originalPath, Buffer.from("original"), "image/jpeg");
  const image = await db.pressReleaseImage.create({
    data: {
      pressReleaseId: release.id,
      bytesSha256: sha,
      metadataHash: hex(64),
      mimeType: "image/jpeg",
      width: 800,
      height: 600,
      sizeBytes: 8,
      displayPath: `img/${prefix}/${sha.slice(0, 16)}-480.jpg`,
      variants: [],
      rulesVersion: "legacy",
      storagePrefix: prefix,
      originalPath,
      publishedEverAt: data.publishedEverAt === undefined ? new Date() : data.publishedEverAt,
      formVersion: data.formVersion ?? "v1",
    },
  });
  return { release, image, originalPath, prefix, sha };
}

describe("image commands", () => {
  it("answer --help and refuse wrong calls", async () => {
    for (const name of [
      "press-release-images:sweep-orphan-originals",
      "press-release-images:purge-inactive-legacy",
      "image-rights:backfill-confirmations",
    ]) {
      expect((await run(name, "--help")).code).toBe(0);
      expect((await run(name, "--nope")).code).toBe(2);
      expect((await run(name, "extra")).code).toBe(2);
    }
    expect((await run("image-rights:backfill-confirmations", "--limit=0")).code).toBe(2);
  });

  it("sweep-orphan-originals deletes old files no image refers to, keeps referenced and young ones; weekly on Sunday 04:45", async () => {
    const { originalPath, prefix, sha } = await imageRow();
    await storeAged(`img/${prefix}/${sha.slice(0, 16)}-480.jpg`, 3 * DAY);
    const orphanPrefix = hex(16);
    const oldOrphan = `evidence/originals/${orphanPrefix}/${hex(64)}.jpg`;
    const oldPublic = `img/${orphanPrefix}/${hex(16)}-960.webp`;
    const youngOrphan = `img/${hex(16)}/${hex(16)}-480.jpg`;
    // Not the upload layout (a legacy folder): not this sweep's to judge.
    const legacy = "img/legacy-2019/team.jpg";
    await storeAged(legacy, 400 * DAY);
    await storeAged(oldOrphan, 2 * DAY);
    await storeAged(oldPublic, 2 * DAY);
    await storeAged(youngOrphan, 60_000);
    await utimes(storagePath(originalPath), new Date(Date.now() - 5 * DAY), new Date(Date.now() - 5 * DAY));

    const dry = await run("press-release-images:sweep-orphan-originals", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out.filter((l) => l.startsWith("orphan ")).sort()).toEqual([`orphan ${oldOrphan}`, `orphan ${oldPublic}`].sort());
    expect(await getFileStorage().get(oldOrphan)).not.toBeNull();

    expect((await run("press-release-images:sweep-orphan-originals")).code).toBe(0);
    expect(await getFileStorage().get(oldOrphan)).toBeNull();
    expect(await getFileStorage().get(oldPublic)).toBeNull();
    expect(await getFileStorage().get(youngOrphan)).not.toBeNull();
    expect(await getFileStorage().get(legacy)).not.toBeNull();
    expect(await getFileStorage().get(originalPath)).not.toBeNull();
    expect(await getFileStorage().get(`img/${prefix}/${sha.slice(0, 16)}-480.jpg`)).not.toBeNull();
    expect(SCHEDULES["sweep-orphan-originals"]).toMatchObject({ cron: "45 4 * * 0", timezone: "Europe/Berlin" });
    expect(findJob(SCHEDULES["sweep-orphan-originals"]!.job)).toBeDefined();
  });

  it("purge-inactive-legacy is a dry run unless --execute, and keeps held, recent and current images", async () => {
    const old = new Date(Date.now() - 4 * 365 * DAY);
    const due = await imageRow({ releaseData: { deletedAt: old } });
    const recent = await imageRow({ releaseData: { deletedAt: new Date(Date.now() - 30 * DAY) } });
    const held = await imageRow({ releaseData: { deletedAt: old } });
    await db.archiveEntry.create({
      data: {
        kind: "image_original",
        subjectType: "press_release_image",
        subjectId: held.image.id,
        payload: {},
        signature: "s",
        signingKeyId: "k1",
        holdUntil: new Date(Date.now() + 365 * DAY),
      },
    });
    const v2 = await imageRow({ releaseData: { deletedAt: old }, formVersion: "v2" });

    const dry = await run("press-release-images:purge-inactive-legacy");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(`image ${due.image.id} (release ${due.release.id})`);
    for (const kept of [recent, held, v2]) expect(dry.out.join("\n")).not.toContain(`image ${kept.image.id} `);
    expect(await getFileStorage().get(due.originalPath)).not.toBeNull();

    expect((await run("press-release-images:purge-inactive-legacy", "--execute")).code).toBe(0);
    expect(await getFileStorage().get(due.originalPath)).toBeNull();
    expect((await db.pressReleaseImage.findUniqueOrThrow({ where: { id: due.image.id } })).originalPath).toBeNull();
    for (const kept of [recent, held, v2]) expect(await getFileStorage().get(kept.originalPath)).not.toBeNull();
  });

  it("purge-inactive-legacy keeps an original under a hold placed on its release, whichever entry carries it (the archive's one rule)", async () => {
    const old = new Date(Date.now() - 4 * 365 * DAY);
    const heldRelease = await imageRow({ releaseData: { deletedAt: old } });
    // The release's own evidence (no entry of the image itself), held by compliance staff.
    await db.archiveEntry.create({
      data: {
        kind: "release_snapshot",
        subjectType: "press_release",
        subjectId: heldRelease.release.id,
        payload: {},
        signature: "s",
        signingKeyId: "k1",
      },
    });
    const until = new Date(Date.now() + 365 * DAY);
    expect(
      (
        await setEvidenceHold({
          actorUserId: (await complianceAdmin()).id,
          pressReleaseId: heldRelease.release.id,
          until,
          reason: "Klage des Fotografen, Az. 12 O 34/26",
        })
      ).entries,
    ).toBe(1);
    const unheld = await imageRow({ releaseData: { deletedAt: old } });

    const dry = await run("press-release-images:purge-inactive-legacy");
    expect(dry.out).toContain(`image ${unheld.image.id} (release ${unheld.release.id})`);
    expect(dry.out.join("\n")).not.toContain(`image ${heldRelease.image.id} `);
    expect((await run("press-release-images:purge-inactive-legacy", "--execute")).code).toBe(0);
    expect(await getFileStorage().get(heldRelease.originalPath)).not.toBeNull();
    expect((await db.pressReleaseImage.findUniqueOrThrow({ where: { id: heldRelease.image.id } })).originalPath).toBe(
      heldRelease.originalPath,
    );
    expect(await getFileStorage().get(unheld.originalPath)).toBeNull();
  });

  it("backfill-confirmations records one img-confirm-v1 confirmation per published legacy image without one; a second run finds none", async () => {
    const legacy = await imageRow();
    const unpublished = await imageRow({ publishedEverAt: null });
    const dry = await run("image-rights:backfill-confirmations", "--dry-run");
    expect(dry.out[0]).toMatch(/^dry run: \d+ images lack a confirmation$/);
    expect(await db.imageRightsConfirmation.count({ where: { imageId: legacy.image.id } })).toBe(0);
    expect((await run("image-rights:backfill-confirmations")).code).toBe(0);
    const rows = await db.imageRightsConfirmation.findMany({ where: { imageId: { in: [legacy.image.id, unpublished.image.id] } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      imageId: legacy.image.id,
      imageSha256: legacy.sha,
      legalTextKey: "img-confirm-v1",
      source: "backfill",
      ipHmac: "none",
      ipHmacKeyVersion: 0,
    });
    expect((await run("image-rights:backfill-confirmations")).out[0]).toBe("recorded 0 confirmations for 0 images");
  });
});
