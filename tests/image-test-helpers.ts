import sharp, { type Sharp } from "sharp";

// Images for the image tests and the upload bench, made on the spot: no binary fixtures.

/** Raw RGB like a photograph to an encoder: smooth gradients with fine grain (deterministic). */
export function photoLikePixels(width: number, height: number, grain = 10): Buffer {
  const data = Buffer.allocUnsafe(width * height * 3);
  let seed = 0x2545f491;
  let i = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // xorshift32: cheap, deterministic grain
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const n = ((seed & 0xff) / 255 - 0.5) * 2 * grain;
      const u = x / width;
      const v = y / height;
      data[i++] = Math.max(0, Math.min(255, 40 + 180 * u + 30 * Math.sin(v * 9) + n));
      data[i++] = Math.max(0, Math.min(255, 60 + 150 * v + 25 * Math.cos(u * 13) + n));
      data[i++] = Math.max(0, Math.min(255, 200 - 120 * u * v + 20 * Math.sin((u + v) * 20) + n));
    }
  }
  return data;
}

/** A photo-like JPEG; `pipe` adds metadata (withExif, withXmp, orientation). */
export function photoLikeJpeg(width: number, height: number, pipe: (s: Sharp) => Sharp = (s) => s): Promise<Buffer> {
  return pipe(sharp(photoLikePixels(width, height), { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 })).toBuffer();
}

/** A uniform image in one colour, in any format sharp writes. */
export function solidImage(
  width: number,
  height: number,
  colour: string,
  format: "jpeg" | "png" | "webp" | "avif" | "gif" | "tiff" = "png",
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** The mean of each colour channel over a region of an encoded image. */
export async function regionMean(bytes: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number[]> {
  const { data, info } = await sharp(bytes).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sums = new Array<number>(info.channels).fill(0);
  for (let i = 0; i < data.length; i++) sums[i % info.channels]! += data[i]!;
  return sums.map((sum) => sum / (info.width * info.height));
}
