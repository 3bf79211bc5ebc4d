import { percentile, type DecodedImage } from "./pixels";

export interface DocumentMeasure {
  /** Median luminance: the paper. */
  paper: number;
  /** Share of pixels with little colour (a page is grey or white). */
  neutral: number;
  /** Share of pixels clearly darker than the paper: the ink. */
  ink: number;
  /** Share of the ink inside solid dark areas (bars, photos) rather than thin strokes. */
  solidInk: number;
  /** Peak autocorrelation of the per-row ink profile at a line-spacing lag: text lines. */
  linePeriodicity: number;
}

const INK_CONTRAST = 50;
const SOLID_RADIUS = 3;

export function measureDocument(img: DecodedImage): DocumentMeasure {
  const { grey, rgb } = img;
  const { width, height } = grey;
  const n = width * height;
  const channels = (rgb.length / n) | 0;
  const paper = percentile(img.histogram, 0.5);
  const inkBelow = paper - INK_CONTRAST;
  let neutral = 0;
  let ink = 0;
  // Ink mask as a summed-area table, so the ink around each ink pixel is four lookups.
  const w1 = width + 1;
  const sat = new Int32Array(w1 * (height + 1));
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let rowInk = 0;
    for (let x = 0, i = y * width, p = i * channels; x < width; x++, i++, p += channels) {
      const r = rgb[p]!;
      const g = rgb[p + 1]!;
      const b = rgb[p + 2]!;
      if ((r > g ? (r > b ? r : b) : g > b ? g : b) - (r < g ? (r < b ? r : b) : g < b ? g : b) <= 40) neutral++;
      const isInk = grey.data[i]! < inkBelow ? 1 : 0;
      rowInk += isInk;
      sat[(y + 1) * w1 + x + 1] = sat[y * w1 + x + 1]! + rowInk;
    }
    ink += rowInk;
    rows[y] = rowInk / width;
  }
  let solid = 0;
  const window = (2 * SOLID_RADIUS + 1) ** 2;
  for (let y = SOLID_RADIUS; y < height - SOLID_RADIUS; y++) {
    for (let x = SOLID_RADIUS; x < width - SOLID_RADIUS; x++) {
      if (!(grey.data[y * width + x]! < inkBelow)) continue;
      const top = (y - SOLID_RADIUS) * w1;
      const bottom = (y + SOLID_RADIUS + 1) * w1;
      const sum =
        sat[bottom + x + SOLID_RADIUS + 1]! -
        sat[bottom + x - SOLID_RADIUS]! -
        sat[top + x + SOLID_RADIUS + 1]! +
        sat[top + x - SOLID_RADIUS]!;
      if (sum > 0.85 * window) solid++;
    }
  }
  return {
    paper,
    neutral: neutral / n,
    ink: ink / n,
    solidInk: ink ? solid / ink : 0,
    linePeriodicity: periodicity(rows, 6, Math.min(90, Math.floor(height / 4))),
  };
}

/** Highest local maximum of the normalised autocorrelation of a 1-D profile between two lags. */
function periodicity(profile: Float64Array, minLag: number, maxLag: number): number {
  const n = profile.length;
  let mean = 0;
  for (const v of profile) mean += v;
  mean /= n;
  const c = (lag: number) => {
    let s = 0;
    for (let i = 0; i + lag < n; i++) s += (profile[i]! - mean) * (profile[i + lag]! - mean);
    return s / (n - lag);
  };
  const zero = c(0);
  if (zero <= 0) return 0;
  let best = 0;
  let prev = c(minLag - 1);
  let cur = c(minLag);
  for (let lag = minLag; lag < maxLag; lag++) {
    const next = c(lag + 1);
    if (cur > prev && cur >= next) best = Math.max(best, cur / zero);
    prev = cur;
    cur = next;
  }
  return best;
}
