import { autocorrelate } from "./autocorrelation";
import { boxBlur, downsample, type Plane } from "./pixels";

const ANALYSIS_SIDE = 512;
// Lags shorter than this are stroke widths and JPEG blocks, not a repeated overlay.
const MIN_LAG = 10;

export interface LatticePeak {
  dx: number;
  dy: number;
  /** Correlation at the lag minus the highest correlation on the way there from the origin. */
  contrast: number;
}

/**
 * How strongly the picture's bright thin strokes repeat on a 2-D lattice: a stock watermark is the
 * same light text tiled over the whole picture, so the autocorrelation of a bright-stroke map has
 * sharp peaks at two independent tile vectors. A natural photo's fine detail does not repeat.
 *
 * Two guards against photos: a peak only counts by its contrast against the lags between it and
 * the origin (a long straight edge or a fence makes a ridge of equal values along one direction,
 * whose points have no contrast), and the result is the weaker of the two best peaks that are not
 * collinear (fences, railings and horizons repeat along one direction only).
 */
export function measureWatermarkLattice(grey: Plane): { strength: number; peaks: LatticePeak[] } {
  const small = downsample(grey, Math.max(1, Math.ceil(Math.max(grey.width, grey.height) / ANALYSIS_SIDE)));
  const blurred = boxBlur(small, 3);
  const strokes = new Float32Array(small.data.length);
  for (let i = 0; i < strokes.length; i++) {
    const d = small.data[i]! - blurred.data[i]!;
    strokes[i] = d > 0 ? d : 0;
  }
  const ac = autocorrelate(strokes, small.width, small.height);
  const candidates: LatticePeak[] = [];
  for (let dy = 0; dy <= ac.maxLagY - 2; dy++) {
    for (let dx = -ac.maxLagX + 2; dx <= ac.maxLagX - 2; dx++) {
      if (dy === 0 && dx <= 0) continue; // the other half plane mirrors this one
      if (dx * dx + dy * dy < MIN_LAG * MIN_LAG) continue;
      const r = ac.at(dx, dy);
      if (r <= 0.02 || !isLocalMax(ac.at, dx, dy, r)) continue;
      let between = 0;
      for (const t of [0.25, 0.5, 0.75]) between = Math.max(between, ac.at(Math.round(dx * t), Math.round(dy * t)));
      candidates.push({ dx, dy, contrast: r - between });
    }
  }
  candidates.sort((a, b) => b.contrast - a.contrast);
  const first = candidates[0];
  if (!first) return { strength: 0, peaks: [] };
  const second = candidates.find(
    (c) => Math.abs(c.dx * first.dy - c.dy * first.dx) / (Math.hypot(c.dx, c.dy) * Math.hypot(first.dx, first.dy)) > 0.3,
  );
  return { strength: second ? Math.max(0, second.contrast) : 0, peaks: second ? [first, second] : [first] };
}

function isLocalMax(at: (dx: number, dy: number) => number, dx: number, dy: number, r: number): boolean {
  for (let j = -2; j <= 2; j++) for (let i = -2; i <= 2; i++) if ((i || j) && at(dx + i, dy + j) > r) return false;
  return true;
}
