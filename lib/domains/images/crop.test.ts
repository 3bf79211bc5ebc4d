import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderDisplayVariants } from "./processing/display-variants";
import { cropWindow, THUMBNAIL_ASPECT, thumbnailFrame, type ThumbnailFrame } from "./crop";

// Spec 2.4: focus point and letterbox (`no_crop`) control the crop. A list thumbnail shows the
// smallest display variant in a 3:2 box; the browser frames it by object-fit / object-position.
// Here that framing is done with sharp on a real variant, as CSS defines it, so the geometry is
// checked on pixels: a marked focus region stays in the crop, no_crop gives letterbox bands.

const BOX = { width: 240, height: 160 };
const GREY = { r: 128, g: 128, b: 128 };
const WASH = { r: 240, g: 242, b: 245 };

/** A grey picture with a red square marking the focus region around (fx, fy). */
async function marked(width: number, height: number, fx: number, fy: number, size = 60): Promise<Buffer> {
  const square = await sharp({ create: { width: size, height: size, channels: 3, background: { r: 230, g: 10, b: 10 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: GREY } })
    .composite([{ input: square, left: Math.round(fx * width - size / 2), top: Math.round(fy * height - size / 2) }])
    .png()
    .toBuffer();
}

const pct = (v: string) => Number(v.replace("%", "")) / 100;

/** What the browser paints into BOX for this frame (CSS Images 3, object-fit and object-position). */
async function framed(picture: Buffer, frame: ThumbnailFrame): Promise<{ data: Buffer; width: number; height: number }> {
  const { width, height } = await sharp(picture).metadata();
  const scale =
    frame.fit === "cover" ? Math.max(BOX.width / width!, BOX.height / height!) : Math.min(BOX.width / width!, BOX.height / height!);
  const w = Math.round(width! * scale);
  const h = Math.round(height! * scale);
  const [px, py] = frame.position.split(" ").map(pct) as [number, number];
  // The picture's point p sits on the box's point p: offset = p × (box − picture).
  const left = Math.round(px * (BOX.width - w));
  const top = Math.round(py * (BOX.height - h));
  const scaled = await sharp(picture).resize(w, h, { fit: "fill" }).png().toBuffer();
  if (frame.fit === "cover") {
    const { data, info } = await sharp(scaled)
      .extract({ left: -left, top: -top, width: BOX.width, height: BOX.height })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }
  const { data, info } = await sharp({ create: { ...BOX, channels: 3, background: WASH } })
    .composite([{ input: scaled, left, top }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const redPixels = (img: { data: Buffer }) => {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 3) if (img.data[i]! > 180 && img.data[i + 1]! < 70 && img.data[i + 2]! < 70) n++;
  return n;
};
const rowIsWash = (img: { data: Buffer; width: number }, y: number) => {
  for (let x = 0; x < img.width; x++) {
    const i = (y * img.width + x) * 3;
    if (Math.abs(img.data[i]! - WASH.r) > 3 || Math.abs(img.data[i + 1]! - WASH.g) > 3 || Math.abs(img.data[i + 2]! - WASH.b) > 3)
      return false;
  }
  return true;
};

/** The smallest display variant the upload pipeline renders (the list thumbnail's file). */
async function thumbnailFile(source: Buffer): Promise<Buffer> {
  const jpegs = (await renderDisplayVariants(source)).filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width);
  return jpegs[0]!.bytes;
}

describe("list thumbnail frame", () => {
  it("keeps a focus region near an edge in the crop, where the centred crop loses it", async () => {
    for (const [fx, fy, width, height] of [
      [0.92, 0.5, 1800, 600],
      [0.06, 0.5, 1800, 600],
      [0.5, 0.9, 900, 1400],
      [0.5, 0.08, 900, 1400],
    ] as const) {
      const file = await thumbnailFile(await marked(width, height, fx, fy));
      const frame = thumbnailFrame({ width, height, focusX: fx, focusY: fy, noCrop: false });
      expect(frame.fit).toBe("cover");
      expect(redPixels(await framed(file, frame)), `focus ${fx},${fy}`).toBeGreaterThan(200);
      // Before: every thumbnail was cropped around its centre, and the marked region fell out.
      expect(redPixels(await framed(file, { fit: "cover", position: "50% 50%" })), `centre crop ${fx},${fy}`).toBe(0);
    }
  });

  it("shows exactly the crop window the og variant would take for the thumbnail's ratio", () => {
    for (const [w, h, fx, fy] of [
      [1800, 600, 0.92, 0.5],
      [1800, 600, 0.3, 0.5],
      [900, 1400, 0.5, 0.9],
      [960, 640, 0.9, 0.9],
    ] as const) {
      const win = cropWindow(w, h, THUMBNAIL_ASPECT, fx, fy);
      const [px, py] = thumbnailFrame({ width: w, height: h, focusX: fx, focusY: fy, noCrop: false }).position.split(" ").map(pct) as [
        number,
        number,
      ];
      // CSS: the visible window starts at p × (picture − window).
      expect(Math.abs(px * (w - win.width) - win.left)).toBeLessThan(1);
      expect(Math.abs(py * (h - win.height) - win.top)).toBeLessThan(1);
    }
  });

  it("letterboxes with no_crop: the whole picture, bands of the box's background above and below", async () => {
    const file = await thumbnailFile(await marked(1800, 600, 0.95, 0.5));
    const frame = thumbnailFrame({ width: 1800, height: 600, focusX: 0.95, focusY: 0.5, noCrop: true });
    expect(frame).toEqual({ fit: "contain", position: "50% 50%" });
    const img = await framed(file, frame);
    // A 3:1 picture in a 3:2 box: 80 px of picture, 40 px bands above and below.
    for (const y of [0, 10, 38, 122, 150, 159]) expect([y, rowIsWash(img, y)]).toEqual([y, true]);
    for (const y of [42, 80, 118]) expect([y, rowIsWash(img, y)]).toEqual([y, false]);
    expect(redPixels(img)).toBeGreaterThan(0);
  });
});
