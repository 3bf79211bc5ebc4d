import { decodeImage, ramp } from "./pixels";
import { measureDefects, type DefectMeasure } from "./score-defect";
import { measureDocument, type DocumentMeasure } from "./score-document";
import { measureScreenshot, type ScreenshotMeasure } from "./score-screenshot";
import { measureWatermarkLattice } from "./score-watermark";
import type { ImageAnalyser, PrecheckScores } from "./types";

// Calibration: the ramps below were set on the generated test images (tests/image-fixtures.ts:
// two landscapes of different seed and shape, a tiled watermark, a scanned page, a UI screenshot,
// blurred, darkened and washed-out copies) with the margins noted, and checked against a few
// real photos and screenshots outside the repository so they are not fitted to the fixtures alone.

/**
 * Lattice strength (see measureWatermarkLattice): the landscapes measure 0.02 to 0.1, the page
 * and the screenshots up to 0.19 (text repeats, but not as one tile); the tiled watermark at 50 %
 * opacity 0.49 (0.65 to 0.74 at other angles and photos), at 30 % opacity 0.32, at 20 % 0.18.
 */
export function watermarkScore(strength: number): number {
  return ramp(strength, 0.15, 0.4);
}

/**
 * A page: light neutral paper as the median, thin ink (not solid dark areas), and ink rows that
 * repeat at a line spacing. The scanned page measures a line periodicity of about 0.6; photos have
 * none; a screenshot's panels of text sit at different heights beside solid bars (below 0.1).
 */
export function documentScore(m: DocumentMeasure): number {
  const paper = ramp(m.paper, 150, 200);
  const neutral = ramp(m.neutral, 0.6, 0.9);
  const ink = Math.min(ramp(m.ink, 0.005, 0.02), ramp(m.ink, 0.4, 0.3));
  const thinInk = ramp(m.solidInk, 0.5, 0.25);
  const lines = ramp(m.linePeriodicity, 0.15, 0.45);
  return paper * neutral * ink * thinInk * lines;
}

/**
 * Half from flat areas of one exact colour, half from long straight edges: a photo of a building
 * has the edges but no flat colour, a clean scan has the flat paper but no edges, so either alone
 * stays at 0.5, below the queue threshold. The screenshot has about 60 % flat colour and 14 edges.
 */
export function screenshotScore(m: ScreenshotMeasure): number {
  return 0.5 * ramp(m.uniform, 0.2, 0.5) + 0.5 * ramp(m.lines, 2, 8);
}

/**
 * Under-exposed (even the brightest 2 % dark), washed out (even the darkest 2 % light), or blurred:
 * the sharpest detail, relative to the picture's tonal range, no stronger than JPEG noise. The
 * landscapes measure a relative sharpness of 11 to 26, a Gaussian blur of 2 px (at 1024 px) about
 * 5.5 and an extreme blur about 3.
 */
export function technicalDefectScore(m: DefectMeasure): number {
  const relativeSharpness = (100 * m.sharpness) / Math.max(16, m.high - m.low);
  return Math.max(ramp(m.high, 80, 40), ramp(m.low, 170, 215), ramp(relativeSharpness, 9, 4.5));
}

/**
 * The analyser that needs no model: it looks at the pixels for the four things pixels can show.
 * People, nudity, violence, foreign logos and AI generation need a vision model; their keys are
 * absent from the result (not 0), so the decision does not take "not looked at" for "not found".
 */
export const embeddedAnalyser: ImageAnalyser = {
  name: "embedded",
  async analyse({ jpeg }): Promise<PrecheckScores> {
    const img = await decodeImage(jpeg);
    return {
      watermark: round(watermarkScore(measureWatermarkLattice(img.grey).strength)),
      document: round(documentScore(measureDocument(img))),
      screenshot: round(screenshotScore(measureScreenshot(img))),
      technical_defect: round(technicalDefectScore(measureDefects(img))),
    };
  },
};

const round = (v: number) => Math.round(v * 1000) / 1000;
