import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { documentJpeg, largePhotoJpeg, photoJpeg, screenshotPng, watermarkedJpeg } from "@/tests/image-fixtures";
import { embeddedAnalyser } from "./embedded-analyser";
import type { PrecheckScores } from "./types";

// The precheck input as spec 8 prepares it: longer side 1024 px, metadata stripped, JPEG.
async function prepare(bytes: Buffer) {
  const jpeg = await sharp(bytes).resize({ width: 1024, height: 1024, fit: "inside", withoutEnlargement: true }).jpeg().toBuffer();
  return { jpeg, dataUri: `data:image/jpeg;base64,${jpeg.toString("base64")}` };
}

const analyse = async (bytes: Buffer) => embeddedAnalyser.analyse(await prepare(bytes));
const allBelow = (scores: PrecheckScores, limit: number) => Object.values(scores).every((v) => v < limit);

let photo: PrecheckScores;

beforeAll(async () => {
  photo = await analyse(await photoJpeg());
});

describe("the embedded analyser", () => {
  it("scores only what pixels can show; the vision-model categories are absent, not 0", () => {
    expect(Object.keys(photo).sort()).toEqual(["document", "screenshot", "technical_defect", "watermark"]);
    for (const v of Object.values(photo)) expect(v).toBeGreaterThanOrEqual(0);
    for (const v of Object.values(photo)) expect(v).toBeLessThanOrEqual(1);
  });

  it("a landscape photo without people scores below 0.6 on everything", () => {
    expect(allBelow(photo, 0.6)).toBe(true);
  });

  it.each([
    { seed: 2, width: 1200, height: 1500 },
    { seed: 3, width: 1600, height: 1067 },
    { seed: 8, width: 1024, height: 768 },
  ])("other landscapes (seed $seed, $width x $height) also score below 0.6 on everything", async (opts) => {
    expect(allBelow(await analyse(await photoJpeg(opts)), 0.6)).toBe(true);
  });

  it("a 12-megapixel camera photo scores below 0.6 on everything", async () => {
    expect(allBelow(await analyse(await largePhotoJpeg()), 0.6)).toBe(true);
  });

  it("a tiled stock watermark is a reject (>= 0.85), at other angles and over other photos too", async () => {
    const scores = await analyse(await watermarkedJpeg());
    expect(scores.watermark).toBeGreaterThanOrEqual(0.85);
    expect(scores.document).toBeLessThan(0.6);
    expect(scores.screenshot).toBeLessThan(0.6);
    expect((await analyse(await watermarkedJpeg({ seed: 6, angle: -45 }))).watermark).toBeGreaterThanOrEqual(0.85);
    expect((await analyse(await watermarkedJpeg({ seed: 2, angle: -15 }))).watermark).toBeGreaterThanOrEqual(0.85);
  });

  it("a fainter watermark (30 % opacity) still reaches the queue; with no opacity the same photo scores low", async () => {
    expect((await analyse(await watermarkedJpeg({ opacity: 0.3 }))).watermark).toBeGreaterThanOrEqual(0.6);
    expect((await analyse(await watermarkedJpeg({ opacity: 0 }))).watermark).toBeLessThan(0.6);
  });

  it("a scanned page is a document (>= 0.85) and no watermark", async () => {
    const scores = await analyse(await documentJpeg());
    expect(scores.document).toBeGreaterThanOrEqual(0.85);
    expect(scores.watermark).toBeLessThan(0.6);
    expect(scores.technical_defect).toBeLessThan(0.6);
  });

  it("a UI screenshot is a screenshot (>= 0.6), not a document (< 0.85) and no watermark (< 0.6)", async () => {
    const scores = await analyse(await screenshotPng());
    expect(scores.screenshot).toBeGreaterThanOrEqual(0.6);
    expect(scores.document).toBeLessThan(0.85);
    expect(scores.watermark).toBeLessThan(0.6);
  });

  it("technical defects: an extremely blurred, a dark and a washed-out copy of the photo; a slight blur is no defect", async () => {
    const original = await photoJpeg();
    expect((await analyse(await sharp(original).blur(12).jpeg().toBuffer())).technical_defect).toBeGreaterThanOrEqual(0.6);
    expect((await analyse(await sharp(original).linear(0.12, 0).jpeg().toBuffer())).technical_defect).toBeGreaterThanOrEqual(0.6);
    expect((await analyse(await sharp(original).linear(0.3, 190).jpeg().toBuffer())).technical_defect).toBeGreaterThanOrEqual(0.6);
    expect((await analyse(await sharp(original).blur(1).jpeg().toBuffer())).technical_defect).toBeLessThan(0.6);
  });

  // The figure (target 150 ms) is bench/image-upload.ts's; a test next to other test files
  // only guards against an analyser that has become slow by an order of magnitude.
  it("stays fast: well under a second for a 1024 x 768 input once warm", async () => {
    const input = await prepare(await photoJpeg({ width: 1024, height: 768, seed: 8 }));
    await embeddedAnalyser.analyse(input);
    const times: number[] = [];
    for (let k = 0; k < 3; k++) {
      const started = performance.now();
      await embeddedAnalyser.analyse(input);
      times.push(performance.now() - started);
    }
    expect(Math.min(...times)).toBeLessThan(1000);
  });

  it("fails on bytes that are no image (the caller turns that into outcome error)", async () => {
    await expect(embeddedAnalyser.analyse({ jpeg: Buffer.from("not an image"), dataUri: "" })).rejects.toThrow();
  });
});
