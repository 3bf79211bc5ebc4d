import { createHash } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors/errors";
import { decodeUpload, MAX_ASPECT_RATIO, MAX_INPUT_PIXELS, MAX_SIDE, MIN_SIDE, type DecodeRefusal } from "./decode-upload";
import { photoLikeJpeg, solidImage } from "@/tests/image-test-helpers";

async function refusal(bytes: Buffer): Promise<{ reason: DecodeRefusal; message: string }> {
  const err = await decodeUpload(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const app = err as AppError;
  expect(app.code).toBe("validation_failed");
  expect(app.status).toBe(422);
  return { reason: (app.details as { reason: DecodeRefusal }).reason, message: app.message };
}

describe("decodeUpload", () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await photoLikeJpeg(4000, 3000);
  });

  it("decodes a 12-megapixel JPEG", async () => {
    const image = await decodeUpload(photo);
    expect(image).toEqual({
      format: "jpeg",
      mimeType: "image/jpeg",
      width: 4000,
      height: 3000,
      sha256: createHash("sha256").update(photo).digest("hex"),
      sizeBytes: photo.length,
    });
  });

  it("reports the upright size of a photo with an EXIF orientation", async () => {
    const rotated = await photoLikeJpeg(800, 400, (s) => s.withMetadata({ orientation: 6 }));
    expect(await decodeUpload(rotated)).toMatchObject({ width: 400, height: 800 });
  });

  it.each([
    ["png", "image/png"],
    ["webp", "image/webp"],
    ["avif", "image/avif"],
  ] as const)("accepts %s", async (format, mimeType) => {
    const bytes = await solidImage(640, 480, "#3366aa", format);
    expect(await decodeUpload(bytes)).toMatchObject({ format, mimeType, width: 640, height: 480, sizeBytes: bytes.length });
  });

  it("refuses bytes that are not an image", async () => {
    expect((await refusal(Buffer.from("Dear editor, please find our press release attached.\n".repeat(20)))).reason).toBe("not_an_image");
    expect((await refusal(Buffer.alloc(0))).reason).toBe("not_an_image");
  });

  it.each(["gif", "tiff"] as const)("refuses %s as an unsupported format", async (format) => {
    const { reason, message } = await refusal(await solidImage(640, 480, "#3366aa", format));
    expect(reason).toBe("unsupported_format");
    expect(message).toMatch(/JPEG, PNG, WebP or AVIF/);
  });

  it("refuses an animated image", async () => {
    const frames = await Promise.all(["#aa3366", "#3366aa", "#66aa33"].map((c) => solidImage(400, 400, c)));
    const animated = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const { reason, message } = await refusal(animated);
    expect(reason).toBe("unsupported_format");
    expect(message).toMatch(/Animated/);
  });

  it("refuses a truncated JPEG as corrupt", async () => {
    const small = await photoLikeJpeg(800, 600);
    const truncated = small.subarray(0, Math.floor(small.length * 0.6));
    // The header is intact: only decoding the pixels finds the damage.
    expect((await sharp(truncated).metadata()).width).toBe(800);
    expect((await refusal(truncated)).reason).toBe("corrupt");
  });

  it("refuses a PNG whose header is damaged as corrupt", async () => {
    const png = await solidImage(640, 480, "#3366aa", "png");
    const damaged = Buffer.concat([png.subarray(0, 12), Buffer.alloc(40, 0xee), png.subarray(52)]);
    expect((await refusal(damaged)).reason).toBe("corrupt");
  });

  it("refuses a 20,000 × 20,000 decompression bomb from its header, quickly", async () => {
    const bomb = await sharp({ create: { width: 20_000, height: 20_000, channels: 3, background: "#808080" }, limitInputPixels: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(20_000 * 20_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const started = performance.now();
    const { reason } = await refusal(bomb);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(reason).toBe("too_many_pixels");
  });

  it("refuses proportions no variant can show: a side over the encoders' limit, a strip, quickly and as 422", async () => {
    for (const [w, h] of [
      [400, 17_000],
      [MAX_SIDE + 1, 2_000],
      [330, 330 * (MAX_ASPECT_RATIO + 1)],
    ] as const) {
      const { reason } = await refusal(await solidImage(w, h, "#224466", "png"));
      expect([w, h, reason]).toEqual([w, h, "too_large_dimensions"]);
    }
    expect(await decodeUpload(await solidImage(3_600, 400, "#224466", "jpeg"))).toMatchObject({ width: 3_600, height: 400 });
  });

  it(`refuses an image with a side under ${MIN_SIDE} px and accepts exactly ${MIN_SIDE}`, async () => {
    const { reason, message } = await refusal(await solidImage(MIN_SIDE - 1, 800, "#224466", "jpeg"));
    expect(reason).toBe("too_small");
    expect(message).toContain(`${MIN_SIDE - 1} × 800`);
    expect((await refusal(await solidImage(1200, 200, "#224466", "png"))).reason).toBe("too_small");
    expect(await decodeUpload(await solidImage(MIN_SIDE, MIN_SIDE, "#224466", "jpeg"))).toMatchObject({
      width: MIN_SIDE,
      height: MIN_SIDE,
    });
  });
});
