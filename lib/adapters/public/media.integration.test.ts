import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { newStoragePrefix } from "@/lib/domains/images/storage-keys";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { seedCompany, seedRelease } from "@/tests/factories";
import { setLimits } from "@/tests/limits";
import { seedPublicImage, type FixtureImage } from "@/tests/public-image-fixtures";
import { publicMediaResponse } from "./media";

const HOUR = 3_600_000;
let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), "pd-media-"));
  setLimits({ STORAGE_DIR: storageDir });
});
afterAll(async () => {
  setLimits({ STORAGE_DIR: undefined });
  await rm(storageDir, { recursive: true, force: true });
});

async function liveRelease(data: Record<string, unknown> = {}, company?: { id: number }) {
  const owner = company ?? (await seedCompany());
  return seedRelease({
    companyId: owner.id,
    status: "published",
    publishedAt: new Date(Date.now() - HOUR),
    publishedEverAt: new Date(Date.now() - HOUR),
    ...data,
  });
}

const keyOf = (image: FixtureImage, format: "avif" | "webp" | "jpeg", width = 480) =>
  image.variants.find((v) => v.format === format && v.width === width)!.key;

async function confirm(image: FixtureImage, releaseId: number, sha = image.bytesSha256) {
  await db.imageRightsConfirmation.create({
    data: {
      subjectType: "press_release",
      subjectId: releaseId,
      imageId: image.id,
      imageSha256: sha,
      legalTextKey: "img-confirm-v2",
      ipHmac: "x",
      ipHmacKeyVersion: 1,
      source: "upload",
    },
  });
}

/** Status and body of a 404, which must not differ between "hidden" and "never existed". */
async function notFound(key: string) {
  const res = await publicMediaResponse(key);
  return { status: res.status, body: await res.text(), type: res.headers.get("content-type"), cache: res.headers.get("cache-control") };
}
const NOT_FOUND = { status: 404, body: "Not found", type: "text/plain; charset=utf-8", cache: "public, max-age=60" };

describe("media route: release images", () => {
  it("serves every public file of a deliverable image with its content type, immutable caching and the security headers", async () => {
    const release = await liveRelease();
    const image = await seedPublicImage(release.id, { isCover: true });
    const cases = [
      [keyOf(image, "avif"), "image/avif"],
      [keyOf(image, "webp", 960), "image/webp"],
      [image.displayPath, "image/jpeg"],
      [image.ogVariantPath, "image/jpeg"],
    ] as const;
    for (const [key, type] of cases) {
      const res = await publicMediaResponse(key);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.equals((await getFileStorage().get(key))!.bytes)).toBe(true);
      expect(
        Object.fromEntries(
          [
            "content-type",
            "content-length",
            "cache-control",
            "content-security-policy",
            "cross-origin-resource-policy",
            "x-content-type-options",
          ].map((h) => [h, res.headers.get(h)]),
        ),
      ).toEqual({
        "content-type": type,
        "content-length": String(bytes.byteLength),
        "cache-control": "public, max-age=86400, s-maxage=86400, immutable",
        "content-security-policy": "default-src 'none'; sandbox",
        "cross-origin-resource-policy": "cross-origin",
        "x-content-type-options": "nosniff",
      });
    }
  });

  it("answers the same 404 for hidden images, invisible releases, evidence, unknown keys and keys the row does not name", async () => {
    const company = await seedCompany();
    const release = await liveRelease({}, company);
    const hidden = await Promise.all([
      seedPublicImage(release.id, { withheldAt: new Date() }),
      seedPublicImage(release.id, { precheckWithheldAt: new Date() }),
      seedPublicImage(release.id, { uploadedByAdmin: true }),
      seedPublicImage(release.id, { formVersion: "v2" }),
      seedPublicImage(release.id, { deletedAt: new Date() }),
    ]);
    // A v2 image confirmed for other bytes (a replaced file) is not confirmed for these.
    const otherBytes = await seedPublicImage(release.id, { formVersion: "v2" });
    await confirm(otherBytes, release.id, "f".repeat(64));
    hidden.push(otherBytes);

    const invisible = await Promise.all(
      [
        { status: "draft", publishedAt: null },
        { publishedAt: new Date(Date.now() + HOUR) },
        { goneAt: new Date() },
        { deletedAt: new Date() },
      ].map(async (data) => seedPublicImage((await liveRelease(data, company)).id)),
    );
    const inactive = await seedCompany({ isActive: false });
    invisible.push(await seedPublicImage((await liveRelease({}, inactive)).id));

    for (const image of [...hidden, ...invisible]) {
      for (const key of [keyOf(image, "webp"), image.ogVariantPath, image.displayPath]) {
        expect(await getFileStorage().get(key)).not.toBeNull();
        expect(await notFound(key)).toEqual(NOT_FOUND);
      }
    }

    const good = await seedPublicImage(release.id);
    // Evidence is never served, even for a deliverable image whose file exists.
    expect(await getFileStorage().get(good.originalPath)).not.toBeNull();
    expect(await notFound(good.originalPath)).toEqual(NOT_FOUND);
    // A file stored under the image's prefix that the row does not name.
    const stray = `img/${good.prefix}/${good.bytesSha256.slice(0, 16)}-1600.webp`;
    await getFileStorage().put(stray, (await getFileStorage().get(keyOf(good, "webp")))!.bytes, "image/webp");
    expect(await notFound(stray)).toEqual(NOT_FOUND);
    // Unknown prefix; another image's file under this image's prefix; odd shapes.
    const webpName = keyOf(good, "webp").split("/")[2]!;
    for (const key of [
      `img/${newStoragePrefix()}/${webpName}`,
      `img/${good.prefix}/${keyOf(hidden[0]!, "webp").split("/")[2]}`,
      `img/${good.prefix}/../${webpName}`,
      `img/${good.prefix}`,
      "img/",
      "",
      `evidence/originals/${good.prefix}/${good.bytesSha256}.jpg`,
    ]) {
      expect(await notFound(key)).toEqual(NOT_FOUND);
    }
    expect((await publicMediaResponse(keyOf(good, "webp"))).status).toBe(200);
  });

  it("serves an admin's upload once the owner confirmed it, and a v2 image once confirmed for exactly its bytes", async () => {
    const release = await liveRelease();
    const admin = await seedPublicImage(release.id, { uploadedByAdmin: true });
    const v2 = await seedPublicImage(release.id, { formVersion: "v2" });
    expect((await publicMediaResponse(admin.displayPath)).status).toBe(404);
    expect((await publicMediaResponse(v2.displayPath)).status).toBe(404);

    await db.pressReleaseImage.update({ where: { id: admin.id }, data: { ownerConfirmedAt: new Date() } });
    await confirm(v2, release.id);
    expect((await publicMediaResponse(admin.displayPath)).status).toBe(200);
    expect((await publicMediaResponse(v2.displayPath)).status).toBe(200);

    // Withdrawn again: the next request answers 404 (only caches that already hold it keep it).
    await db.pressReleaseImage.update({ where: { id: v2.id }, data: { withheldAt: new Date() } });
    expect((await publicMediaResponse(v2.displayPath)).status).toBe(404);
  });
});
