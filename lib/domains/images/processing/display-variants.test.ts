import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors/errors";
import { DISPLAY_WIDTHS } from "@/lib/domains/images/variants";
import { displayWidthsFor, renderDisplayVariants, type RenderedVariant } from "./display-variants";
import { photoLikeJpeg, regionMean } from "@/tests/image-test-helpers";

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>Jane Doe</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** What a decoder reports for each output format. */
const DECODED_AS = { avif: "heif", webp: "webp", jpeg: "jpeg" } as const;

async function expectClean(variant: RenderedVariant) {
  const meta = await sharp(variant.bytes).metadata();
  expect(meta.format).toBe(DECODED_AS[variant.format]);
  expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
}

describe("renderDisplayVariants", () => {
  let photo: Buffer;
  beforeAll(async () => {
    // A 12-megapixel photo carrying a GPS position, a camera serial, a creator and an ICC profile.
    photo = await photoLikeJpeg(4000, 3000, (s) =>
      s
        .withIccProfile("p3")
        .withXmp(XMP)
        .withExif({
          IFD0: { Make: "Camera", Model: "X100" },
          IFD2: { BodySerialNumber: "SN-123456" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1" },
        }),
    );
    const meta = await sharp(photo).metadata();
    expect(meta.exif && meta.xmp && meta.icc).toBeTruthy();
  });

  it("yields 9 variants of a 12-megapixel photo: three widths in AVIF, WebP and JPEG, without metadata", async () => {
    const variants = await renderDisplayVariants(photo);
    expect(variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([
      "avif 480x360",
      "webp 480x360",
      "jpeg 480x360",
      "avif 960x720",
      "webp 960x720",
      "jpeg 960x720",
      "avif 1600x1200",
      "webp 1600x1200",
      "jpeg 1600x1200",
    ]);
    for (const v of variants) await expectClean(v);
    // Converted to sRGB: no ICC profile travels along, an untagged file is read as sRGB.
    for (const v of variants) expect((await sharp(v.bytes).metadata()).icc).toBeUndefined();
  });

  it("makes no variant wider than the source, and one at the source width when it is narrower than all", async () => {
    expect(displayWidthsFor(4000)).toEqual([...DISPLAY_WIDTHS]);
    expect(displayWidthsFor(1000)).toEqual([480, 960]);
    expect(displayWidthsFor(400)).toEqual([400]);
    const variants = await renderDisplayVariants(await photoLikeJpeg(1000, 500));
    expect(variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([
      "avif 480x240",
      "webp 480x240",
      "jpeg 480x240",
      "avif 960x480",
      "webp 960x480",
      "jpeg 960x480",
    ]);
  });

  it("turns a photo upright by its EXIF orientation", async () => {
    // Stored landscape, left half black; orientation 6 shows it rotated 90° clockwise, black on top.
    const raw = Buffer.alloc(800 * 400 * 3, 255);
    for (let y = 0; y < 400; y++) raw.fill(0, y * 800 * 3, y * 800 * 3 + 400 * 3);
    const rotated = await sharp(raw, { raw: { width: 800, height: 400, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const variants = await renderDisplayVariants(rotated);
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [400, 800],
      [400, 800],
      [400, 800],
    ]);
    for (const v of variants) {
      await expectClean(v);
      expect((await regionMean(v.bytes, { left: 0, top: 0, width: 400, height: 300 }))[0]).toBeLessThan(30);
      expect((await regionMean(v.bytes, { left: 0, top: 500, width: 400, height: 300 }))[0]).toBeGreaterThan(225);
    }
  });

  it("keeps transparency in AVIF and WebP and puts JPEG on white", async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const variants = await renderDisplayVariants(png);
    const byFormat = Object.fromEntries(variants.map((v) => [v.format, v]));
    expect((await sharp(byFormat.webp!.bytes).metadata()).hasAlpha).toBe(true);
    expect((await sharp(byFormat.avif!.bytes).metadata()).hasAlpha).toBe(true);
    expect((await sharp(byFormat.jpeg!.bytes).metadata()).hasAlpha).toBe(false);
    expect((await regionMean(byFormat.jpeg!.bytes, { left: 0, top: 0, width: 480, height: 320 }))[0]).toBeGreaterThan(250);
  });

  it("refuses bytes that fail the upload checks", async () => {
    await expect(renderDisplayVariants(Buffer.from("not an image at all"))).rejects.toBeInstanceOf(AppError);
  });
});
