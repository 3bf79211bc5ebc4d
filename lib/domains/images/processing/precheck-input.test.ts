import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { precheckInput, PRECHECK_MAX_SIDE } from "./precheck-input";
import { photoLikeJpeg } from "@/tests/image-test-helpers";

describe("precheckInput", () => {
  it("scales the longer side to 1024 px, strips metadata and wraps the JPEG in a data URI", async () => {
    const photo = await photoLikeJpeg(3000, 4000, (s) =>
      s.withExif({ IFD0: { Model: "X100" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1" } }),
    );
    const input = await precheckInput(photo);
    expect(PRECHECK_MAX_SIDE).toBe(1024);
    expect([input.width, input.height]).toEqual([768, 1024]);
    expect(input.dataUri.startsWith("data:image/jpeg;base64,")).toBe(true);
    expect(Buffer.from(input.dataUri.slice("data:image/jpeg;base64,".length), "base64").equals(input.jpeg)).toBe(true);
    const meta = await sharp(input.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 768, 1024]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it("never enlarges a smaller image", async () => {
    const input = await precheckInput(await photoLikeJpeg(640, 400));
    expect([input.width, input.height]).toEqual([640, 400]);
  });
});
