import { cropWindow, type CropWindow } from "@/lib/domains/images/crop";
import { OG_SIZE } from "@/lib/domains/images/variants";
import { creditBarOverlays } from "./credit-bar";
import { withWorkingCopy } from "./decode-upload";
import { JPEG_BACKGROUND, openWorkingCopy, type ImageSource, type WorkingCopy } from "./working-copy";

export interface OgVariantOptions {
  /** The credit line burned in; empty means no bar. */
  credit: string;
  /** The point to keep in view, 0..1 from the left and from the top. */
  focusX: number;
  focusY: number;
  /** Show the whole image, letterboxed, instead of cropping it to the frame. */
  noCrop: boolean;
}

const OG_QUALITY = 84;
/** The letterbox background: a tiny copy of the picture, blurred and darkened, then scaled up. */
const BACKDROP = { width: 240, height: 126, blurSigma: 4, brightness: 0.4 };

/** The og frame's crop window around the focus point (lib/domains/images/crop.ts, the rule lists share). */
export function ogCropWindow(width: number, height: number, focusX: number, focusY: number): CropWindow {
  return cropWindow(width, height, OG_SIZE.width / OG_SIZE.height, focusX, focusY);
}

/** The whole picture fitted into the frame over a blurred, darkened copy of itself. */
async function letterboxed(copy: WorkingCopy) {
  const backdrop = await openWorkingCopy(copy)
    .resize(BACKDROP.width, BACKDROP.height, { fit: "cover" })
    .flatten({ background: JPEG_BACKGROUND })
    .blur(BACKDROP.blurSigma)
    .linear(BACKDROP.brightness, 0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const picture = await openWorkingCopy(copy)
    .resize(OG_SIZE.width, OG_SIZE.height, { fit: "inside" })
    .flatten({ background: JPEG_BACKGROUND })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = picture.info;
  return {
    pipeline: openWorkingCopy({ data: backdrop.data, width: backdrop.info.width, height: backdrop.info.height, channels: 3 }).resize(
      OG_SIZE.width,
      OG_SIZE.height,
      { fit: "fill" },
    ),
    picture: {
      input: picture.data,
      raw: { width, height, channels: 3 as const },
      left: Math.round((OG_SIZE.width - width) / 2),
      top: Math.round((OG_SIZE.height - height) / 2),
    },
  };
}

/**
 * The og image: exactly OG_SIZE, JPEG, cropped around the focus point (or letterboxed with
 * noCrop), with the credit burned into a semi-transparent bar at the bottom. Regenerated from
 * the stored original whenever the credit or the crop changes.
 */
export function renderOgVariant(source: ImageSource, opts: OgVariantOptions): Promise<Buffer> {
  return withWorkingCopy(source, async (copy) => {
    const bar = await creditBarOverlays(opts.credit, OG_SIZE);
    if (opts.noCrop) {
      const { pipeline, picture } = await letterboxed(copy);
      return pipeline
        .composite([picture, ...bar])
        .jpeg({ quality: OG_QUALITY, progressive: true })
        .toBuffer();
    }
    return openWorkingCopy(copy)
      .extract(ogCropWindow(copy.width, copy.height, opts.focusX, opts.focusY))
      .resize(OG_SIZE.width, OG_SIZE.height, { fit: "fill" })
      .flatten({ background: JPEG_BACKGROUND })
      .composite(bar)
      .jpeg({ quality: OG_QUALITY, progressive: true })
      .toBuffer();
  });
}
