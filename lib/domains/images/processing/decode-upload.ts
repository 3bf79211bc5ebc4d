import { createHash } from "node:crypto";
import { AppError } from "@/lib/core/errors/errors";
import { configuredSharp, withImageSlot } from "./sharp-setup";
import { WORKING_BOX, type ImageSource, type WorkingCopy } from "./working-copy";

// The gate every uploaded image passes: the header is read first (cheap, and enough to refuse a
// decompression bomb or a foreign format), then the pixels are decoded once, strictly, into the
// working copy all outputs are made from.

/**
 * Largest image accepted, in pixels. 50 megapixels admits every camera and phone photo in
 * common use (12–48 MP); a small file that claims 20,000 × 20,000 (400 MP, 1.2 GB decoded) is
 * refused from its header without decoding it.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Shortest side accepted: below this even the smallest display variant would be enlarged. */
export const MIN_SIDE = 320;
/** The widest side the variant encoders take (WebP and AVIF stop at 16,383 px). */
export const MAX_SIDE = 16_383;
/** Longer side over shorter side: a panorama passes, a 400 × 17,000 strip is no press image. */
export const MAX_ASPECT_RATIO = 12;

export type DecodedFormat = "jpeg" | "png" | "webp" | "avif";

export interface DecodedImage {
  format: DecodedFormat;
  mimeType: string;
  /** Upright size: after the EXIF orientation is applied. */
  width: number;
  height: number;
  /** Hex SHA-256 of the uploaded bytes. */
  sha256: string;
  sizeBytes: number;
}

export type DecodeRefusal = "not_an_image" | "unsupported_format" | "too_many_pixels" | "too_small" | "too_large_dimensions" | "corrupt";

const MIME_TYPES: Record<DecodedFormat, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif" };
const ACCEPTED_LIST = "JPEG, PNG, WebP or AVIF";

function refuse(reason: DecodeRefusal, message: string): AppError {
  return new AppError("validation_failed", message, { reason });
}

const corrupt = () =>
  refuse("corrupt", "The image file is damaged or incomplete and cannot be read. Please export it again and upload the new file.");
const tooManyPixels = () =>
  refuse(
    "too_many_pixels",
    `The image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Please upload a smaller version.`,
  );
const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/** Whether the bytes start like a file of an accepted format: then a failed read means damage. */
function looksLikeAcceptedFormat(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return true;
  return bytes.toString("latin1", 4, 8) === "ftyp" && /^(avif|avis|mif1|msf1)$/.test(bytes.toString("latin1", 8, 12));
}

/** The header, checked: format, frames, pixel count, size. Nothing is decoded yet. */
async function readHeader(bytes: Buffer): Promise<{ format: DecodedFormat; width: number; height: number }> {
  let meta;
  try {
    meta = await configuredSharp()(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    if (isPixelLimit(err)) throw tooManyPixels();
    if (looksLikeAcceptedFormat(bytes)) throw corrupt();
    throw refuse("not_an_image", `This file is not an image. Please upload a ${ACCEPTED_LIST} file.`);
  }
  const format: DecodedFormat | null =
    meta.format === "jpeg" || meta.format === "png" || meta.format === "webp"
      ? meta.format
      : meta.format === "heif" && meta.compression === "av1"
        ? "avif"
        : null;
  if (!format) {
    const name = meta.format === "heif" ? "HEIC" : String(meta.format).toUpperCase();
    throw refuse("unsupported_format", `${name} images are not accepted. Please upload a ${ACCEPTED_LIST} file.`);
  }
  // Animated files are refused rather than cut to their first frame: a press image is a still,
  // and publishing one frame would show something other than what was uploaded and confirmed.
  if ((meta.pages ?? 1) > 1)
    throw refuse("unsupported_format", `Animated images are not accepted. Please upload a still image as a ${ACCEPTED_LIST} file.`);
  const { width, height } = meta.autoOrient ?? meta;
  if (!width || !height) throw corrupt();
  // sharp checks the limit from the header already; this also holds should a decoder not.
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  if (width < MIN_SIDE || height < MIN_SIDE) {
    throw refuse("too_small", `The image is too small (${width} × ${height} pixels); each side must be at least ${MIN_SIDE} pixels.`);
  }
  if (width > MAX_SIDE || height > MAX_SIDE || Math.max(width, height) / Math.min(width, height) > MAX_ASPECT_RATIO) {
    throw refuse(
      "too_large_dimensions",
      `The image's proportions (${width} × ${height} pixels) cannot be shown: each side at most ${MAX_SIDE} pixels, the longer side at most ${MAX_ASPECT_RATIO} times the shorter.`,
    );
  }
  return { format, width, height };
}

/**
 * Decodes and checks an upload and returns its working copy as well: the pixels are decoded
 * exactly once, with failOn "error", so a truncated or damaged file is refused here.
 */
export async function decodeUploadPixels(bytes: Buffer): Promise<{ image: DecodedImage; copy: WorkingCopy }> {
  const header = await readHeader(bytes);
  let decoded;
  try {
    decoded = await configuredSharp()(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", autoOrient: true })
      .resize({ width: WORKING_BOX.width, height: WORKING_BOX.height, fit: "outside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw isPixelLimit(err) ? tooManyPixels() : corrupt();
  }
  const { data, info } = decoded;
  if (info.channels !== 3 && info.channels !== 4) throw corrupt();
  return {
    image: {
      format: header.format,
      mimeType: MIME_TYPES[header.format],
      width: header.width,
      height: header.height,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      sizeBytes: bytes.length,
    },
    copy: { data, width: info.width, height: info.height, channels: info.channels },
  };
}

/** Decodes and checks an upload; refusals are AppError("validation_failed") with details.reason. */
export async function decodeUpload(bytes: Buffer): Promise<DecodedImage> {
  return (await decodeUploadPixels(bytes)).image;
}

/**
 * Runs a renderer on a source's working copy. Bytes are decoded (and checked) first, and the
 * whole render then holds an image slot, so a render from stored bytes (the og variant after a
 * correction) is gated like an upload; a working copy is already inside prepareImageFiles' slot.
 */
export function withWorkingCopy<T>(source: ImageSource, render: (copy: WorkingCopy) => Promise<T>): Promise<T> {
  if (!Buffer.isBuffer(source)) return render(source);
  return withImageSlot(async () => render((await decodeUploadPixels(source)).copy));
}
