// The image precheck's vocabulary (spec 3.1, image rows): what an analyser scores, 0..1 each.

export const PRECHECK_CATEGORIES = [
  "watermark",
  "nudity",
  "violence",
  "document",
  "screenshot",
  "foreign_logo",
  "people",
  "ai_generated",
  "technical_defect",
] as const;

export type PrecheckCategory = (typeof PRECHECK_CATEGORIES)[number];

/** Scores 0..1; a category the analyser cannot judge is absent, never guessed as 0. */
export type PrecheckScores = Partial<Record<PrecheckCategory, number>>;

export interface ImageAnalyser {
  name: string;
  /** `jpeg` is the prepared input (longer side 1024 px, metadata stripped, spec 8); `dataUri` the same bytes as a data URI. */
  analyse(input: { jpeg: Buffer; dataUri: string }): Promise<PrecheckScores>;
}
