import { createHash } from "node:crypto";
import sharp from "sharp";
import { AppError } from "@/lib/core/errors/errors";

// A newsroom logo as stored: decoded for real, turned upright, scaled into a box, re-encoded as
// WebP. Re-encoding drops EXIF/XMP/IPTC (GPS positions, camera serials, editing history) and
// anything that was not pixels: a file that only claims to be an image does not survive it.

/** Refused before decoding; the form says so before uploading. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** A decompression bomb (a small file that unpacks into gigapixels) stops here. */
const MAX_INPUT_PIXELS = 25_000_000;
const MIN_EDGE = 32;
const BOX = 600;
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "tiff", "avif", "heif"]);

export interface ProcessedLogo {
  bytes: Buffer;
  width: number;
  height: number;
  /** Hex SHA-256 of the stored bytes: the storage key carries it, so a new logo gets a new URL. */
  sha256: string;
}

const refuse = (message: string, status: "validation_failed" | "payload_too_large" = "validation_failed") =>
  new AppError(status, message, undefined, [{ path: "logo", message }]);

export async function processLogo(input: Uint8Array): Promise<ProcessedLogo> {
  if (input.byteLength === 0) throw refuse("Bitte wählen Sie eine Bilddatei.");
  if (input.byteLength > LOGO_MAX_BYTES)
    throw refuse(`Das Logo darf höchstens ${LOGO_MAX_BYTES / 1024 / 1024} MB groß sein.`, "payload_too_large");
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw refuse("Diese Datei ist kein lesbares Bild. Bitte laden Sie das Logo als PNG, JPEG oder WebP hoch.");
  }
  // SVG is a document that can carry scripts and external references; raster formats only.
  if (!format || !ACCEPTED.has(format)) throw refuse("Bitte laden Sie das Logo als PNG, JPEG oder WebP hoch (kein SVG).");
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize({ width: BOX, height: BOX, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 88, alphaQuality: 100, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    if (info.width < MIN_EDGE || info.height < MIN_EDGE) throw refuse(`Das Logo ist zu klein: mindestens ${MIN_EDGE} × ${MIN_EDGE} Pixel.`);
    return { bytes: data, width: info.width, height: info.height, sha256: createHash("sha256").update(data).digest("hex") };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const tooLarge = err instanceof Error && /pixel limit/i.test(err.message);
    throw refuse(
      tooLarge
        ? "Das Bild hat zu viele Pixel. Bitte laden Sie eine kleinere Fassung hoch."
        : "Diese Datei ist kein lesbares Bild. Bitte laden Sie das Logo als PNG, JPEG oder WebP hoch.",
    );
  }
}

/** Logos live under their newsroom; the name is the content hash. */
export const logoKey = (companyId: number, sha256: string) => `logos/${companyId}/${sha256.slice(0, 24)}.webp`;

/** The only keys the public media route serves. */
export const PUBLIC_LOGO_KEY = /^logos\/[1-9]\d{0,9}\/[0-9a-f]{24}\.webp$/;
