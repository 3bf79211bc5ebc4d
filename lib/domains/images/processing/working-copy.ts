import type { Sharp } from "sharp";
import { DISPLAY_WIDTHS, OG_SIZE } from "@/lib/domains/images/variants";
import { configuredSharp } from "./sharp-setup";

/**
 * An upload decoded once, upright, in sRGB 8-bit, scaled down to the smallest size every output
 * is made from without enlarging: variants, the og frame and the precheck input all start here,
 * so the file is decoded a single time and a 12-megapixel photo is held as ~6 MB, not ~36 MB.
 */
export interface WorkingCopy {
  data: Buffer;
  width: number;
  height: number;
  /** RGB, or RGBA when the upload has transparency. */
  channels: 3 | 4;
}

/** What the renderers accept: the upload's bytes (decoded and checked first) or its working copy. */
export type ImageSource = Buffer | WorkingCopy;

/**
 * The working copy covers this box (sharp's fit "outside"): as wide as the widest display
 * variant and the og frame, as tall as the og frame, so the og crop window is never enlarged.
 */
export const WORKING_BOX = { width: Math.max(...DISPLAY_WIDTHS, OG_SIZE.width), height: OG_SIZE.height } as const;

/** A sharp pipeline reading the working copy's pixels. */
export function openWorkingCopy(copy: WorkingCopy): Sharp {
  return configuredSharp()(copy.data, { raw: { width: copy.width, height: copy.height, channels: copy.channels } });
}

/** JPEG has no transparency: transparent areas become white, as on the pages around them. */
export const JPEG_BACKGROUND = "#ffffff";
