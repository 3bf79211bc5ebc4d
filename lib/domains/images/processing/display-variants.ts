import type { Sharp } from "sharp";
import { DISPLAY_WIDTHS, type ImageFormat } from "@/lib/domains/images/variants";
import { withWorkingCopy } from "./decode-upload";
import { JPEG_BACKGROUND, openWorkingCopy, type ImageSource, type WorkingCopy } from "./working-copy";

export interface RenderedVariant {
  width: number;
  height: number;
  format: ImageFormat;
  bytes: Buffer;
}

const FORMATS: ImageFormat[] = ["avif", "webp", "jpeg"];

// Qualities tuned for photographs on a page. AVIF effort 2 of 9: higher efforts shrink files by
// a few percent at several times the encoding time, paid on every upload.
const ENCODERS: Record<ImageFormat, (pipeline: Sharp) => Sharp> = {
  avif: (p) => p.avif({ quality: 55, effort: 2, chromaSubsampling: "4:2:0" }),
  webp: (p) => p.webp({ quality: 80, effort: 4 }),
  jpeg: (p) => p.flatten({ background: JPEG_BACKGROUND }).jpeg({ quality: 82, progressive: true }),
};

/** The display widths for a source this wide: none wider than it, and at least one. */
export function displayWidthsFor(sourceWidth: number): number[] {
  const widths = DISPLAY_WIDTHS.filter((w) => w <= sourceWidth);
  return widths.length ? widths : [sourceWidth];
}

async function scaledTo(copy: WorkingCopy, width: number): Promise<WorkingCopy> {
  if (width === copy.width) return copy;
  const { data, info } = await openWorkingCopy(copy).resize({ width }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: copy.channels };
}

/**
 * The responsive display files: every width of DISPLAY_WIDTHS the source reaches, each in AVIF,
 * WebP and JPEG. Upright, sRGB, without any metadata (no EXIF, GPS, XMP or ICC profile). Each
 * width is scaled once from the working copy and encoded three times from that.
 */
export function renderDisplayVariants(source: ImageSource): Promise<RenderedVariant[]> {
  return withWorkingCopy(source, async (copy) => {
    const out: RenderedVariant[] = [];
    for (const width of displayWidthsFor(copy.width)) {
      const scaled = await scaledTo(copy, width);
      for (const format of FORMATS) {
        const { data, info } = await ENCODERS[format](openWorkingCopy(scaled)).toBuffer({ resolveWithObject: true });
        out.push({ width: info.width, height: info.height, format, bytes: data });
      }
    }
    return out;
  });
}
