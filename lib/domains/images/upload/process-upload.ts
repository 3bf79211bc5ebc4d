import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors/errors";
import { portalLabelFor, creditLine, type AiDeclaration } from "../credit";
import { metadataHashOf } from "../metadata-hash";
import { decodeUploadPixels, type DecodedImage } from "../processing/decode-upload";
import type { WorkingCopy } from "../processing/working-copy";
import { embeddedAnalyser } from "../precheck/embedded-analyser";
import { renderDisplayVariants, type RenderedVariant } from "../processing/display-variants";
import { renderOgVariant } from "../processing/og-variant";
import { precheckInput } from "../processing/precheck-input";
import { withImageSlot } from "../processing/sharp-setup";
import { getImageAnalyser, runPrecheck, type PrecheckRun } from "../precheck/run-precheck";
import { readProvenance } from "../provenance";
import type { Edition } from "@/lib/domains/sites";

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
  constructor(
    readonly run: PrecheckRun,
    readonly decoded: DecodedImage,
  ) {
    const reason = run.reasons.find((r) => r.outcome === "reject") ?? run.reasons[0];
    super(
      "validation_failed",
      `The image was refused by the precheck: ${reason?.message ?? "not suitable"}`,
      { reason: reason?.code ?? "precheck_reject" },
      [{ path: "image", message: reason?.message ?? "refused by the precheck" }],
    );
  }
}

/**
 * Everything an upload computes before anything is stored: real decoding (non-images and
 * decompression bombs refused), provenance, the precheck when switched on, the portal label
 * and the display and og files. The pixel work runs in image slots, so parallel uploads queue
 * for memory; a vision model's answer is awaited outside them.
 */
export async function processUpload(opts: Declaration & { bytes: Buffer }): Promise<ProcessedUpload> {
  const { images } = getConfig();
  const analyser = images.precheck ? getImageAnalyser() : null;
  const declaredWithoutAi = opts.aiDeclaration === "without_ai";
  if (!analyser || analyser === embeddedAnalyser) {
    // Everything on this machine: one slot, the pixels decoded once for every step.
    return withImageSlot(async () => {
      const { image: decoded, copy } = await decodeUploadPixels(opts.bytes);
      const precheck = analyser
        ? await runPrecheck(await precheckInput(copy), { stage: images.precheckStage, declaredWithoutAi, analyser })
        : null;
      return render(opts, copy, { decoded, provenance: await readProvenance(opts.bytes), precheck });
    });
  }
  // A vision model may take its time: it is asked outside the slot, and the decoded pixels are
  // not held while it answers (decoded again afterwards), so waiting uploads keep only their bytes.
  const first = await withImageSlot(async () => {
    const { image, copy } = await decodeUploadPixels(opts.bytes);
    return { decoded: image, provenance: await readProvenance(opts.bytes), input: await precheckInput(copy) };
  });
  const precheck = await runPrecheck(first.input, { stage: images.precheckStage, declaredWithoutAi, analyser });
  if (precheck.outcome === "reject") throw new PrecheckRejectedError(precheck, first.decoded);
  return withImageSlot(async () =>
    render(opts, (await decodeUploadPixels(opts.bytes)).copy, { decoded: first.decoded, provenance: first.provenance, precheck }),
  );
}

type Declaration = {
  customerStatement: string;
  alt: string | null;
  aiDeclaration: AiDeclaration | null;
  language: Edition;
  focusX: number;
  focusY: number;
  noCrop: boolean;
};

/** The label, the metadata hash and the display and og files, once the precheck let the image through. */
async function render(
  opts: Declaration,
  pixels: WorkingCopy,
  checked: Pick<ProcessedUpload, "decoded" | "provenance" | "precheck">,
): Promise<ProcessedUpload> {
  if (checked.precheck?.outcome === "reject") throw new PrecheckRejectedError(checked.precheck, checked.decoded);
  const portalLabel = portalLabelFor({
    declaration: opts.aiDeclaration,
    provenanceAiGenerated: checked.provenance.finding === "ai_generated",
    language: opts.language,
  });
  const metadataHash = metadataHashOf({
    customerStatement: opts.customerStatement,
    portalLabel,
    alt: opts.alt,
    aiDeclaration: opts.aiDeclaration,
  });
  try {
    const variants = await renderDisplayVariants(pixels);
    const og = await renderOgVariant(pixels, {
      credit: creditLine({ customerStatement: opts.customerStatement, portalLabel }),
      focusX: opts.focusX,
      focusY: opts.focusY,
      noCrop: opts.noCrop,
    });
    return { ...checked, portalLabel, metadataHash, variants, og };
  } catch (err) {
    // A file that decoded but cannot be encoded again is the file's fault, not the service's.
    console.warn("image rendering refused an upload:", err instanceof Error ? err.message : "unknown error");
    throw new AppError(
      "validation_failed",
      "The image could not be converted for the web. Please export it again (JPEG or PNG) and upload the new file.",
      { reason: "unprocessable" },
      [{ path: "image", message: "cannot be converted" }],
    );
  }
}
