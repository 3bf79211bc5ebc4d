import { thumbnailFrame, type ThumbnailFrame } from "@/lib/domains/images/crop";
import type { PublicImage } from "@/lib/domains/images/deliverable";
import { FORMAT_CONTENT_TYPES, mediaPath, OG_SIZE, type ImageFormat, type ImageVariant } from "@/lib/domains/images/variants";

// How a deliverable image (lib/domains/images/deliverable.ts) is printed: <picture> candidates for pages
// and lists, absolute URLs for metadata, feeds and sitemaps. Pure, so the article renderer stays
// usable in the browser; cached answers carry these plain objects.

/** What a <picture> needs: modern formats as sources, JPEG in the <img> itself. */
export interface Picture {
  id: number;
  /** "" only when the customer gave no alternative text. */
  alt: string;
  /** "© statement · label"; "" when there is none. */
  credit: string;
  /** Of the JPEG the <img> falls back to: the box is reserved before the bytes arrive. */
  width: number;
  height: number;
  sources: { type: string; srcSet: string }[];
  src: string;
  srcSet: string | null;
  /** A thumbnail's framing in its fixed box (focus point or letterbox); null where the whole image shows. */
  frame: ThumbnailFrame | null;
}

export interface SizedKey {
  key: string;
  width: number;
  height: number;
}

const byWidth = (a: ImageVariant, b: ImageVariant) => a.width - b.width;
const ofFormat = (image: PublicImage, format: ImageFormat) => image.variants.filter((v) => v.format === format).sort(byWidth);
const srcSetOf = (variants: ImageVariant[]) => variants.map((v) => `${mediaPath(v.key)} ${v.width}w`).join(", ");

/** The largest JPEG (the display file) with its size: feeds, sitemaps and JSON-LD point here. */
export function largestJpeg(image: PublicImage): SizedKey {
  const variant = image.variants.find((v) => v.key === image.displayKey) ?? ofFormat(image, "jpeg").at(-1);
  return variant
    ? { key: variant.key, width: variant.width, height: variant.height }
    : { key: image.displayKey, width: image.width, height: image.height };
}

/** The release's cover, if it has a deliverable one; a release may have images and no cover. */
export function coverOf(images: PublicImage[]): PublicImage | null {
  return images.find((i) => i.isCover) ?? null;
}

/** Every width in every format: the release page's hero and gallery. */
export function releasePicture(image: PublicImage): Picture {
  const jpeg = ofFormat(image, "jpeg");
  const fallback = largestJpeg(image);
  return {
    ...common(image, fallback),
    sources: (["avif", "webp"] as const).flatMap((format) => {
      const list = ofFormat(image, format);
      return list.length ? [{ type: FORMAT_CONTENT_TYPES[format], srcSet: srcSetOf(list) }] : [];
    }),
    src: mediaPath(fallback.key),
    srcSet: jpeg.length ? srcSetOf(jpeg) : null,
    frame: null,
  };
}

/** The widest variant a list's card shows: a card is at most ~24rem wide, 960 px covers 2x screens. */
const CARD_MAX_WIDTH = 960;

/**
 * A list card's picture: AVIF and WebP up to 960 px, the smallest JPEG as the fallback. Framed by
 * the image's crop control: cropped around its focus point, or letterboxed with no_crop (spec 2.4).
 */
export function thumbnailPicture(image: PublicImage): Picture {
  const upTo = (format: ImageFormat) => {
    const list = ofFormat(image, format);
    const small = list.filter((v) => v.width <= CARD_MAX_WIDTH);
    return small.length ? small : list.slice(0, 1);
  };
  const jpeg = upTo("jpeg");
  const fallback = jpeg[0] ? { key: jpeg[0].key, width: jpeg[0].width, height: jpeg[0].height } : largestJpeg(image);
  return {
    ...common(image, fallback),
    sources: (["avif", "webp"] as const).flatMap((format) => {
      const list = upTo(format);
      return list.length ? [{ type: FORMAT_CONTENT_TYPES[format], srcSet: srcSetOf(list) }] : [];
    }),
    src: mediaPath(fallback.key),
    srcSet: jpeg.length ? srcSetOf(jpeg) : `${mediaPath(fallback.key)} ${fallback.width}w`,
    frame: thumbnailFrame(image),
  };
}

function common(image: PublicImage, fallback: SizedKey) {
  return { id: image.id, alt: image.alt?.trim() ?? "", credit: image.credit, width: fallback.width, height: fallback.height };
}

/** An absolute address of a stored public file on the given origin (the media route answers on every host). */
export const mediaUrl = (origin: string, key: string) => `${origin}${mediaPath(key)}`;

/** The og image of a cover (1200×630, credit burned in), or null when it has none. */
export function ogImageOf(cover: PublicImage | null, origin: string): { url: string; width: number; height: number; alt?: string } | null {
  if (!cover?.ogKey) return null;
  const alt = cover.alt?.trim();
  return { url: mediaUrl(origin, cover.ogKey), ...OG_SIZE, ...(alt ? { alt } : {}) };
}
