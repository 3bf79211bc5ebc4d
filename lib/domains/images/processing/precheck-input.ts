import { withWorkingCopy } from "./decode-upload";
import { JPEG_BACKGROUND, openWorkingCopy, type ImageSource } from "./working-copy";

/** Longer side of the image the precheck model sees (spec 8). */
export const PRECHECK_MAX_SIDE = 1024;

export interface PrecheckInput {
  jpeg: Buffer;
  /** `data:image/jpeg;base64,...`, as the model API takes it. */
  dataUri: string;
  width: number;
  height: number;
}

/**
 * What the precheck sends to the model (spec 8): scaled so the longer side is 1024 px (never
 * enlarged), every metadata stripped, so no GPS position or camera serial leaves the service.
 */
export function precheckInput(source: ImageSource): Promise<PrecheckInput> {
  return withWorkingCopy(source, async (copy) => {
    const { data, info } = await openWorkingCopy(copy)
      .resize(PRECHECK_MAX_SIDE, PRECHECK_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: JPEG_BACKGROUND })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, dataUri: `data:image/jpeg;base64,${data.toString("base64")}`, width: info.width, height: info.height };
  });
}
