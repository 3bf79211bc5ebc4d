import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { OG_SIZE } from "@/lib/domains/images/variants";
import { CREDIT_BAR_HEIGHT } from "./credit-bar";
import { ogCropWindow, renderOgVariant } from "./og-variant";
import { photoLikeJpeg, regionMean } from "@/tests/image-test-helpers";

const plain = { credit: "", focusX: 0.5, focusY: 0.5, noCrop: false };
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const BAR = { left: 0, top: OG_SIZE.height - 50, width: OG_SIZE.width, height: 50 };
const TOP = { left: 0, top: 0, width: OG_SIZE.width, height: 500 };

/** A wide image, left half red and right half blue. */
function redBlue(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) raw.set(i % width < width / 2 ? [220, 20, 20] : [20, 20, 220], i * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe("ogCropWindow", () => {
  it("takes the largest window of the frame's ratio and centres the focus point where it can", () => {
    expect(ogCropWindow(4000, 3000, 0.5, 0.5)).toEqual({ left: 0, top: 450, width: 4000, height: 2100 });
    expect(ogCropWindow(4000, 3000, 0.5, 0)).toEqual({ left: 0, top: 0, width: 4000, height: 2100 });
    expect(ogCropWindow(4000, 3000, 0.5, 1)).toEqual({ left: 0, top: 900, width: 4000, height: 2100 });
    expect(ogCropWindow(3000, 630, 0.5, 0.5)).toEqual({ left: 900, top: 0, width: 1200, height: 630 });
    expect(ogCropWindow(3000, 630, 0.25, 0.5)).toEqual({ left: 150, top: 0, width: 1200, height: 630 });
    expect(ogCropWindow(3000, 630, 0, 0.5).left).toBe(0);
    expect(ogCropWindow(3000, 630, 1, 0.5).left).toBe(1800);
    // Out-of-range and missing focus values fall back inside the image.
    expect(ogCropWindow(3000, 630, 7, -2)).toEqual({ left: 1800, top: 0, width: 1200, height: 630 });
    expect(ogCropWindow(3000, 630, Number.NaN, 0.5).left).toBe(900);
  });
});

describe("renderOgVariant", () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await photoLikeJpeg(2400, 1800, (s) => s.withExif({ IFD0: { Artist: "Jane Doe" } }));
  });

  it("is a JPEG of exactly 1200 × 630 without metadata", async () => {
    const og = await renderOgVariant(photo, { ...plain, credit: "© Jane Doe" });
    const meta = await sharp(og).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    expect(meta.exif).toBeUndefined();
  });

  it("burns a dark credit bar into the bottom and leaves the picture above it alone", async () => {
    const without = await renderOgVariant(photo, plain);
    const withCredit = await renderOgVariant(photo, { ...plain, credit: "© Jane Doe · AI-generated" });
    expect(CREDIT_BAR_HEIGHT).toBeGreaterThanOrEqual(48);
    const barWithout = mean(await regionMean(without, BAR));
    const barWith = mean(await regionMean(withCredit, BAR));
    expect(barWith).toBeLessThan(barWithout * 0.7);
    const topWithout = await regionMean(without, TOP);
    const topWith = await regionMean(withCredit, TOP);
    topWith.forEach((v, i) => expect(Math.abs(v - topWithout[i]!)).toBeLessThan(0.5));
    // The credit itself is white: the brightest pixels of the bar are text.
    const bar = await sharp(withCredit).extract(BAR).greyscale().raw().toBuffer();
    expect(Math.max(...bar)).toBeGreaterThan(220);
  });

  it("has no bar for an empty or blank credit", async () => {
    const without = await renderOgVariant(photo, plain);
    expect((await renderOgVariant(photo, { ...plain, credit: "  \n " })).equals(without)).toBe(true);
  });

  it("shows markup characters as text and cuts a long credit before the right edge", async () => {
    const tricky = await renderOgVariant(photo, { ...plain, credit: `© <b>Smith & "Sons"</b> 'Photo' </span>` });
    expect((await sharp(tricky).metadata()).width).toBe(1200);
    const short = await renderOgVariant(photo, { ...plain, credit: "© W" });
    const long = await renderOgVariant(photo, { ...plain, credit: `© ${"Wide Words ".repeat(80)}` });
    const edge = { left: OG_SIZE.width - 16, top: OG_SIZE.height - CREDIT_BAR_HEIGHT, width: 16, height: CREDIT_BAR_HEIGHT };
    const edgeShort = await regionMean(short, edge);
    const edgeLong = await regionMean(long, edge);
    edgeLong.forEach((v, i) => expect(Math.abs(v - edgeShort[i]!)).toBeLessThan(2));
    // ... while the bar is filled with text up to near the right padding.
    const nearEnd = { left: 1000, top: OG_SIZE.height - CREDIT_BAR_HEIGHT, width: 150, height: CREDIT_BAR_HEIGHT };
    expect(mean(await regionMean(long, nearEnd))).toBeGreaterThan(mean(await regionMean(short, nearEnd)) + 5);
  });

  it("moves the crop window with the focus point", async () => {
    const wide = await redBlue(2400, 630);
    const left = await renderOgVariant(wide, { ...plain, focusX: 0 });
    const right = await renderOgVariant(wide, { ...plain, focusX: 1 });
    const centre = { left: 500, top: 200, width: 200, height: 200 };
    const [lr, , lb] = await regionMean(left, centre);
    const [rr, , rb] = await regionMean(right, centre);
    expect(lr).toBeGreaterThan(180);
    expect(lb).toBeLessThan(60);
    expect(rb).toBeGreaterThan(180);
    expect(rr).toBeLessThan(60);
  });

  it("letterboxes the whole image on a dark background with noCrop", async () => {
    // Square: fitted to 630 × 630, centred, with 285 px of dark backdrop either side.
    const square = await redBlue(1000, 1000);
    const og = await renderOgVariant(square, { ...plain, noCrop: true });
    const meta = await sharp(og).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    const border = { top: 100, width: 200, height: 300 };
    expect(Math.max(...(await regionMean(og, { ...border, left: 20 })))).toBeLessThan(110);
    expect(Math.max(...(await regionMean(og, { ...border, left: 980 })))).toBeLessThan(110);
    // Both edges of the picture are in view: red at its left edge, blue at its right edge.
    const [r1, , b1] = await regionMean(og, { left: 290, top: 100, width: 20, height: 300 });
    const [r2, , b2] = await regionMean(og, { left: 890, top: 100, width: 20, height: 300 });
    expect(r1).toBeGreaterThan(180);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(180);
    expect(r2).toBeLessThan(60);
    // Cropped instead, the same square loses its top and bottom but fills the frame.
    const cropped = await renderOgVariant(square, plain);
    expect((await regionMean(cropped, { ...border, left: 20 }))[0]).toBeGreaterThan(180);
  });
});
