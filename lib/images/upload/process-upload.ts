import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/http/errors";
import { portalLabelFor, creditLine, type AiDeclaration } from "../credit";
import { metadataHashOf } from "../metadata-hash";
import { decodeUploadPixels, type DecodedImage } from "../processing/decode-upload";
import { renderDisplayVariants, type RenderedVariant } from "../processing/display-variants";
import { renderOgVariant } from "../processing/og-variant";
import { precheckInput } from "../processing/precheck-input";
import { withImageSlot } from "../processing/sharp-setup";
import { runPrecheck, type PrecheckRun } from "../precheck/run-precheck";
import { readProvenance } from "../provenance";
import type { Edition } from "@/lib/sites";

export interface ProcessedUpload {
  decoded: DecodedImage;
  provenance: Awaited<ReturnType<typeof readProvenance>>;
  /** Null when IMAGE_PRECHECK is off. */
  precheck: PrecheckRun | null;
  portalLabel: string | null;
  metadataHash: string;
  variants: RenderedVariant[];
  og: Buffer;
}

/** A precheck that refuses the image: nothing is stored (spec 3.1), the caller audits it. */
export class PrecheckRejectedError extends AppError {
  constructor(readonly run: PrecheckRun, readonly decoded: DecodedImage) {
    const reason = run.reasons.find((r) => r.outcome === "reject") ?? run.reasons[0];
    super("validation_failed", `The image was refused by the precheck: ${reason?.message ?? "not suitable"}`, { reason: reason?.code ?? "precheck_reject" }, [{ path: "image", message: reason?.message ?? "refused by the precheck" }]);
  }
}

/**
 * Everything an upload computes before anything is stored: real decoding (non-images and
 * decompression bombs refused), provenance, the precheck when switched on, the portal label
 * and the display and og files. The pixel work runs in image slots, so parallel uploads queue
 * for memory; the precheck's model call waits outside them.
 */
export async function processUpload(opts: {
  bytes: Buffer;
  customerStatement: string;
  alt: string | null;
  aiDeclaration: AiDeclaration | null;
  language: Edition;
  focusX: number;
  focusY: number;
  noCrop: boolean;
}): Promise<ProcessedUpload> {
  const { images } = getConfig();
  // The pixels are decoded once; every rendering below works from that copy.
  const { decoded, copy, provenance, input } = await withImageSlot(async () => {
    const { image, copy } = await decodeUploadPixels(opts.bytes);
    return { decoded: image, copy, provenance: await readProvenance(opts.bytes), input: images.precheck ? await precheckInput(copy) : null };
  });
  // Outside the slot: a vision model may take its time without holding up other uploads.
  let precheck: PrecheckRun | null = null;
  if (input) {
    precheck = await runPrecheck(input, { stage: images.precheckStage, declaredWithoutAi: opts.aiDeclaration === "without_ai" });
    if (precheck.outcome === "reject") throw new PrecheckRejectedError(precheck, decoded);
  }
  const portalLabel = portalLabelFor({ declaration: opts.aiDeclaration, provenanceAiGenerated: provenance.finding === "ai_generated", language: opts.language });
  const metadataHash = metadataHashOf({ customerStatement: opts.customerStatement, portalLabel, alt: opts.alt, aiDeclaration: opts.aiDeclaration });
  return withImageSlot(async () => {
    try {
      const variants = await renderDisplayVariants(copy);
      const og = await renderOgVariant(copy, { credit: creditLine({ customerStatement: opts.customerStatement, portalLabel }), focusX: opts.focusX, focusY: opts.focusY, noCrop: opts.noCrop });
      return { decoded, provenance, precheck, portalLabel, metadataHash, variants, og };
    } catch (err) {
      // A file that decoded but cannot be encoded again is the file's fault, not the service's.
      console.warn("image rendering refused an upload:", err instanceof Error ? err.message : "unknown error");
      throw new AppError("validation_failed", "The image could not be converted for the web. Please export it again (JPEG or PNG) and upload the new file.", { reason: "unprocessable" }, [{ path: "image", message: "cannot be converted" }]);
    }
  });
}
