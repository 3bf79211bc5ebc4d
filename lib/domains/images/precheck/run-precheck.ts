import { getConfig } from "@/lib/core/config";
import { decidePrecheck, type PrecheckReason } from "./decide-precheck";
import { embeddedAnalyser } from "./embedded-analyser";
import { httpAnalyser } from "./http-analyser";
import type { ImageAnalyser, PrecheckScores } from "./types";

export interface PrecheckRun {
  outcome: "pass" | "hint" | "queue" | "reject" | "error";
  reasons: PrecheckReason[];
  scores: PrecheckScores;
  analyser: string;
  note: string | null;
}

/** The vision model when one is configured, otherwise the embedded pixel analyser. */
export function getImageAnalyser(): ImageAnalyser {
  const { images } = getConfig();
  if (!images.precheckUrl) return embeddedAnalyser;
  return httpAnalyser({
    url: images.precheckUrl,
    apiKey: images.precheckApiKey,
    model: images.precheckModel,
    timeoutSeconds: images.precheckTimeoutSeconds,
  });
}

/**
 * Runs the precheck on the prepared input (spec 8: longer side 1024 px, metadata stripped, JPEG)
 * and decides (spec 3.1). Never throws: a failing analyser is outcome "error", and the image is
 * let through with the note.
 */
export async function runPrecheck(
  input: { jpeg: Buffer; dataUri: string },
  opts: { stage: number; declaredWithoutAi: boolean; analyser?: ImageAnalyser },
): Promise<PrecheckRun> {
  let name = opts.analyser?.name ?? "unknown";
  try {
    const analyser = opts.analyser ?? getImageAnalyser();
    name = analyser.name;
    const scores = await analyser.analyse(input);
    const { outcome, reasons } = decidePrecheck(scores, { stage: opts.stage, declaredWithoutAi: opts.declaredWithoutAi });
    return { outcome, reasons, scores, analyser: name, note: null };
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).split("\n")[0]!.slice(0, 300);
    return {
      outcome: "error",
      reasons: [],
      scores: {},
      analyser: name,
      note: `Bildvorprüfung nicht möglich, Bild ohne Prüfung zugelassen: ${reason}`,
    };
  }
}
