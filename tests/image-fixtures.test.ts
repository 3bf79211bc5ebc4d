import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  bombPng,
  corruptJpeg,
  documentJpeg,
  largePhotoJpeg,
  oversizeFile,
  photoJpeg,
  screenshotPng,
  watermarkedJpeg,
} from "./image-fixtures";

const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

describe("image fixtures", () => {
  it("photoJpeg: a decodable JPEG of the asked size, the same bytes for the same seed, other bytes for another", async () => {
    const photo = await photoJpeg();
    expect(isJpeg(photo)).toBe(true);
    expect(await sharp(photo).metadata()).toMatchObject({ format: "jpeg", width: 1600, height: 1067 });
    const small = await photoJpeg({ width: 300, height: 200, seed: 3 });
    expect(await sharp(small).metadata()).toMatchObject({ width: 300, height: 200 });
    expect((await photoJpeg({ width: 300, height: 200, seed: 3 })).equals(small)).toBe(true);
    expect((await photoJpeg({ width: 300, height: 200, seed: 4 })).equals(small)).toBe(false);
    // A picture, not a flat fill: a real tonal range.
    const stats = await sharp(photo).stats();
    expect(stats.channels[1]!.stdev).toBeGreaterThan(15);
  });

  it("watermarkedJpeg: the photo with a light overlay over the whole picture", async () => {
    const marked = await watermarkedJpeg();
    expect(await sharp(marked).metadata()).toMatchObject({ format: "jpeg", width: 1600, height: 1067 });
    const plain = await sharp(await watermarkedJpeg({ opacity: 0 }))
      .greyscale()
      .raw()
      .toBuffer();
    const withMark = await sharp(marked).greyscale().raw().toBuffer();
    // Lighter in every quarter of the picture: the mark is tiled, not in one corner.
    const quarter = (b: Buffer, q: number) => {
      let s = 0;
      for (let y = (q >> 1) * 533; y < ((q >> 1) + 1) * 533; y++)
        for (let x = (q & 1) * 800; x < ((q & 1) + 1) * 800; x++) s += b[y * 1600 + x]!;
      return s / (533 * 800);
    };
    for (let q = 0; q < 4; q++) expect(quarter(withMark, q) - quarter(plain, q)).toBeGreaterThan(3);
  });

  it("documentJpeg: a light page with dark text", async () => {
    const doc = await documentJpeg();
    expect(await sharp(doc).metadata()).toMatchObject({ format: "jpeg", width: 1240, height: 1754 });
    const grey = await sharp(doc).greyscale().raw().toBuffer();
    const dark = grey.filter((v) => v < 120).length / grey.length;
    const light = grey.filter((v) => v > 200).length / grey.length;
    expect(light).toBeGreaterThan(0.85);
    expect(dark).toBeGreaterThan(0.01);
  });

  it("screenshotPng: a PNG with large areas of exactly one colour", async () => {
    const shot = await screenshotPng();
    expect(await sharp(shot).metadata()).toMatchObject({ format: "png", width: 1440, height: 900 });
    const { data } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data.subarray((y * 1440 + x) * 3, (y * 1440 + x) * 3 + 3).toString("hex");
    expect(at(5, 5)).toBe("1f2937"); // title bar
    expect(at(700, 30)).toBe("1f2937");
    expect(at(100, 850)).toBe("f3f4f6"); // sidebar
    expect(at(1300, 850)).toBe("2563eb"); // button
  });

  it("corruptJpeg: starts as a JPEG, ends in the middle of the scan data, and does not decode", async () => {
    const bad = await corruptJpeg();
    expect(isJpeg(bad)).toBe(true);
    expect(bad.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(false);
    const scanStart = bad.indexOf(Buffer.from([0xff, 0xda]));
    expect(scanStart).toBeGreaterThan(0);
    expect(bad.length).toBeGreaterThan(scanStart + 1000);
    await expect(sharp(bad).toBuffer()).rejects.toThrow();
  });

  it("oversizeFile: 17 MiB by default (any size asked), starting with a JPEG", async () => {
    const big = await oversizeFile();
    expect(big.length).toBe(17 * 1024 * 1024);
    expect(isJpeg(big)).toBe(true);
    expect((await oversizeFile(1000)).length).toBe(1000);
  });

  it("bombPng: 20,000 x 20,000 pixels in a small file, refused by sharp's pixel limit, and cached", async () => {
    const bomb = await bombPng();
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: "png", width: 20000, height: 20000 });
    await expect(sharp(bomb).resize(100).toBuffer()).rejects.toThrow(/pixel limit/i);
    expect(await bombPng()).toBe(bomb);
  });

  it("largePhotoJpeg: 12 megapixels, cached", async () => {
    const large = await largePhotoJpeg();
    expect(await sharp(large).metadata()).toMatchObject({ format: "jpeg", width: 4000, height: 3000 });
    expect(await largePhotoJpeg()).toBe(large);
  });
});
