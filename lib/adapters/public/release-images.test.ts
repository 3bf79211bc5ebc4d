import { describe, expect, it } from "vitest";
import type { PublicImage } from "@/lib/domains/images/deliverable";
import type { ImageVariant } from "@/lib/domains/images/variants";
import { coverOf, largestJpeg, ogImageOf, releasePicture, thumbnailPicture } from "./release-images";

const v = (width: number, format: ImageVariant["format"]): ImageVariant => ({
  width,
  height: width / 2,
  format,
  key: `img/0123456789abcdef/aaaa-${width}.${format === "jpeg" ? "jpg" : format}`,
});

function image(data: Partial<PublicImage> = {}): PublicImage {
  return {
    id: 1,
    pressReleaseId: 9,
    position: 0,
    isCover: true,
    alt: "  Ein Bild  ",
    credit: "© Studio",
    width: 3000,
    height: 1500,
    // Stored in no particular order.
    variants: [v(1600, "jpeg"), v(480, "webp"), v(480, "jpeg"), v(960, "avif"), v(960, "jpeg"), v(480, "avif"), v(960, "webp")],
    displayKey: v(1600, "jpeg").key,
    ogKey: "img/0123456789abcdef/aaaa-og.jpg",
    bytesSha256: "a".repeat(64),
    focusX: 0.5,
    focusY: 0.5,
    noCrop: false,
    ...data,
  };
}

describe("release pictures", () => {
  it("lists candidates narrowest first per format, AVIF before WebP, the JPEG in the <img> sized as the display file", () => {
    const p = releasePicture(image());
    expect(p.sources).toEqual([
      { type: "image/avif", srcSet: "/media/img/0123456789abcdef/aaaa-480.avif 480w, /media/img/0123456789abcdef/aaaa-960.avif 960w" },
      { type: "image/webp", srcSet: "/media/img/0123456789abcdef/aaaa-480.webp 480w, /media/img/0123456789abcdef/aaaa-960.webp 960w" },
    ]);
    expect([p.src, p.width, p.height, p.alt]).toEqual(["/media/img/0123456789abcdef/aaaa-1600.jpg", 1600, 800, "Ein Bild"]);
    expect(p.srcSet).toBe(
      "/media/img/0123456789abcdef/aaaa-480.jpg 480w, /media/img/0123456789abcdef/aaaa-960.jpg 960w, /media/img/0123456789abcdef/aaaa-1600.jpg 1600w",
    );
  });

  it("a list card takes AVIF and WebP up to 960 px and the smallest JPEG; without variants the display file stands alone", () => {
    const t = thumbnailPicture(image());
    expect([t.sources, t.src, t.srcSet, t.width, t.height]).toEqual([
      [
        { type: "image/avif", srcSet: "/media/img/0123456789abcdef/aaaa-480.avif 480w, /media/img/0123456789abcdef/aaaa-960.avif 960w" },
        { type: "image/webp", srcSet: "/media/img/0123456789abcdef/aaaa-480.webp 480w, /media/img/0123456789abcdef/aaaa-960.webp 960w" },
      ],
      "/media/img/0123456789abcdef/aaaa-480.jpg",
      "/media/img/0123456789abcdef/aaaa-480.jpg 480w, /media/img/0123456789abcdef/aaaa-960.jpg 960w",
      480,
      240,
    ]);
    const bare = image({ variants: [], alt: null, width: 800, height: 600 });
    expect(thumbnailPicture(bare)).toMatchObject({ sources: [], src: `/media/${bare.displayKey}`, width: 800, height: 600, alt: "" });
    expect(releasePicture(bare)).toMatchObject({ sources: [], srcSet: null, width: 800, height: 600 });
    expect(largestJpeg(bare)).toEqual({ key: bare.displayKey, width: 800, height: 600 });
  });

  it("the og image is the cover's og variant at 1200×630; a release without a cover or og variant has none", () => {
    expect(ogImageOf(image(), "https://x.example")).toEqual({
      url: "https://x.example/media/img/0123456789abcdef/aaaa-og.jpg",
      width: 1200,
      height: 630,
      alt: "Ein Bild",
    });
    expect(ogImageOf(image({ alt: " " }), "https://x.example")).not.toHaveProperty("alt");
    expect(ogImageOf(image({ ogKey: null }), "https://x.example")).toBeNull();
    expect(ogImageOf(coverOf([image({ isCover: false })]), "https://x.example")).toBeNull();
  });
});
