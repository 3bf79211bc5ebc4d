// The stored display files of an image: responsive variants in three formats, the og variant.
// Keys carry the bytes hash, so a media answer can be cached for good (lib/adapters/public/media.ts).

export type ImageFormat = "avif" | "webp" | "jpeg";

export interface ImageVariant {
  width: number;
  height: number;
  format: ImageFormat;
  key: string;
}

/** Widths of the responsive variants; an image narrower than a width gets no larger copy. */
export const DISPLAY_WIDTHS = [480, 960, 1600] as const;

/** The og variant's fixed frame (spec 8). */
export const OG_SIZE = { width: 1200, height: 630 } as const;

/** Images per release (documented in docs/images.md and the API description). */
export const MAX_IMAGES_PER_RELEASE = 10;

export const FORMAT_CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/** The variants column as stored; anything malformed counts as no variants. */
export function parseVariants(json: unknown): ImageVariant[] {
  if (!Array.isArray(json)) return [];
  return json.filter(
    (v): v is ImageVariant =>
      !!v &&
      typeof v === "object" &&
      typeof v.width === "number" &&
      typeof v.height === "number" &&
      typeof v.key === "string" &&
      (v.format === "avif" || v.format === "webp" || v.format === "jpeg"),
  );
}

/** Path of a stored public file on every host. */
export function mediaPath(key: string): string {
  return `/media/${key}`;
}
