// Test support for the public image surfaces (pages, lists, feeds, sitemaps, media route): image
// rows built directly, with real encoded files in the configured storage. Imported by tests only.
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { db } from "@/lib/core/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { imageKeys, newStoragePrefix } from "@/lib/domains/images/storage-keys";
import { FORMAT_CONTENT_TYPES, OG_SIZE, type ImageFormat, type ImageVariant } from "@/lib/domains/images/variants";
import { getFileStorage } from "@/lib/core/storage/file-storage";

const WIDTHS = [480, 960] as const;
const FORMATS: ImageFormat[] = ["avif", "webp", "jpeg"];
const ASPECT = 2 / 3;

let encoded: Promise<{ variants: Map<string, Buffer>; og: Buffer; original: Buffer }> | undefined;

/** One set of real encodings, shared by every fixture row (only the keys differ). */
function encodings() {
  encoded ??= (async () => {
    const base = await sharp({ create: { width: 960, height: 640, channels: 3, background: { r: 40, g: 110, b: 170 } } })
      .png()
      .toBuffer();
    const variants = new Map<string, Buffer>();
    for (const width of WIDTHS) {
      for (const format of FORMATS) {
        const resized = sharp(base).resize({ width });
        variants.set(
          `${width}.${format}`,
          await (format === "avif" ? resized.avif() : format === "webp" ? resized.webp() : resized.jpeg()).toBuffer(),
        );
      }
    }
    const og = await sharp(base).resize(OG_SIZE.width, OG_SIZE.height).jpeg().toBuffer();
    return { variants, og, original: await sharp(base).jpeg({ quality: 95 }).toBuffer() };
  })();
  return encoded;
}

const hex64 = () => randomBytes(32).toString("hex");

export interface FixtureImage {
  id: number;
  prefix: string;
  bytesSha256: string;
  variants: ImageVariant[];
  displayPath: string;
  ogVariantPath: string;
  originalPath: string;
}

/**
 * An image row of a release with its files stored: variants of 480 and 960 px in AVIF, WebP and
 * JPEG, the og variant and an evidence original. `data` overrides columns (cover, withheld, ...).
 */
export async function seedPublicImage(
  releaseId: number,
  data: Partial<Prisma.PressReleaseImageUncheckedCreateInput> = {},
): Promise<FixtureImage> {
  const files = await encodings();
  const prefix = newStoragePrefix();
  const sha = hex64();
  const metadataHash = hex64();
  const keys = imageKeys(prefix, sha);
  const variants: ImageVariant[] = WIDTHS.flatMap((width) =>
    FORMATS.map((format) => ({ width, height: Math.round(width * ASPECT), format, key: keys.variant(width, format) })),
  );
  const ogVariantPath = keys.og(metadataHash);
  const originalPath = keys.original("jpeg");
  const storage = getFileStorage();
  await Promise.all([
    ...variants.map((v) => storage.put(v.key, files.variants.get(`${v.width}.${v.format}`)!, FORMAT_CONTENT_TYPES[v.format])),
    storage.put(ogVariantPath, files.og, "image/jpeg"),
    storage.put(originalPath, files.original, "image/jpeg"),
  ]);
  const displayPath = variants.filter((v) => v.format === "jpeg").at(-1)!.key;
  const row = await db.pressReleaseImage.create({
    data: {
      pressReleaseId: releaseId,
      bytesSha256: sha,
      metadataHash,
      mimeType: "image/jpeg",
      width: 960,
      height: 640,
      sizeBytes: files.original.byteLength,
      displayPath,
      ogVariantPath,
      originalPath,
      rulesVersion: "test",
      storagePrefix: prefix,
      variants: variants as unknown as Prisma.InputJsonValue,
      customerStatement: "Foto AG",
      alt: "Windräder an der Küste",
      ...data,
    },
  });
  return { id: row.id, prefix, bytesSha256: sha, variants, displayPath, ogVariantPath, originalPath };
}
