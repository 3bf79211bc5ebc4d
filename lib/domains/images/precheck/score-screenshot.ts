import type { DecodedImage } from "./pixels";

export interface ScreenshotMeasure {
  /** Share of pixels in flat areas of one exact colour that covers at least 2 % of the picture. */
  uniform: number;
  /** Long straight horizontal and vertical edges (bars, panels), counted once per edge. */
  lines: number;
}

const STEP = 12; // luminance step of an edge between two flat UI colours after JPEG
const MIN_COLOUR_SHARE = 0.02;
const MIN_EDGE_SHARE = 0.2; // an edge runs unbroken for a fifth of the picture

/** One pass over the rows (in memory order) for both the flat colours and the straight edges. */
export function measureScreenshot(img: DecodedImage): ScreenshotMeasure {
  const { grey, rgb } = img;
  const { width, height } = grey;
  const ch = (rgb.length / (width * height)) | 0;
  const g = grey.data;
  // Colours at half precision (7 bits a channel), so JPEG's +-1 around a flat colour stays in one bin.
  // Flat pixels come in runs of one colour along a row, so the map is touched once per run.
  const counts = new Map<number, number>();
  let runKey = -1;
  let runLength = 0;
  const flush = () => {
    if (runLength) counts.set(runKey, (counts.get(runKey) ?? 0) + runLength);
    runKey = -1;
    runLength = 0;
  };
  // Vertical edges: per column, the current and the longest run of a step to the right neighbour.
  const columnRun = new Int32Array(width);
  const columnLongest = new Int32Array(width);
  let rowsWithEdge = 0;
  let previousRowHadEdge = false;
  for (let y = 0; y < height - 1; y++) {
    let rowRun = 0;
    let rowLongest = 0;
    for (let x = 0, i = y * width; x < width - 1; x++, i++) {
      const right = g[i + 1]! - g[i]!;
      const down = g[i + width]! - g[i]!;
      rowRun = down >= STEP || down <= -STEP ? rowRun + 1 : 0;
      if (rowRun > rowLongest) rowLongest = rowRun;
      const run = right >= STEP || right <= -STEP ? columnRun[x]! + 1 : 0;
      columnRun[x] = run;
      if (run > columnLongest[x]!) columnLongest[x] = run;
      // Flat: equal to the right and lower neighbours within 1 level in every channel (luminance first, it is cheap).
      const p = i * ch;
      const r = p + ch;
      const d = p + width * ch;
      if (
        right > 1 ||
        right < -1 ||
        down > 1 ||
        down < -1 ||
        Math.abs(rgb[p]! - rgb[r]!) > 1 ||
        Math.abs(rgb[p + 1]! - rgb[r + 1]!) > 1 ||
        Math.abs(rgb[p + 2]! - rgb[r + 2]!) > 1 ||
        Math.abs(rgb[p]! - rgb[d]!) > 1 ||
        Math.abs(rgb[p + 1]! - rgb[d + 1]!) > 1 ||
        Math.abs(rgb[p + 2]! - rgb[d + 2]!) > 1
      ) {
        flush();
        continue;
      }
      const key = ((rgb[p]! >> 1) << 14) | ((rgb[p + 1]! >> 1) << 7) | (rgb[p + 2]! >> 1);
      if (key !== runKey) flush();
      runKey = key;
      runLength++;
    }
    flush();
    // Neighbouring rows of one soft edge count once.
    const hasEdge = rowLongest >= MIN_EDGE_SHARE * width;
    if (hasEdge && !previousRowHadEdge) rowsWithEdge++;
    previousRowHadEdge = hasEdge;
  }
  let columnsWithEdge = 0;
  let previousColumnHadEdge = false;
  for (let x = 0; x < width - 1; x++) {
    const hasEdge = columnLongest[x]! >= MIN_EDGE_SHARE * height;
    if (hasEdge && !previousColumnHadEdge) columnsWithEdge++;
    previousColumnHadEdge = hasEdge;
  }
  let uniform = 0;
  const min = MIN_COLOUR_SHARE * width * height;
  for (const c of counts.values()) if (c >= min) uniform += c;
  return { uniform: uniform / (width * height), lines: rowsWithEdge + columnsWithEdge };
}
