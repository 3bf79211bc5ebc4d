import { percentile, type DecodedImage } from "./pixels";

export interface DefectMeasure {
  /** 2nd and 98th luminance percentiles: a washed-out or a dark picture. */
  low: number;
  high: number;
  /** 99th percentile of the absolute Laplacian: how sharp the sharpest detail is. */
  sharpness: number;
}

export function measureDefects(img: DecodedImage): DefectMeasure {
  const { data, width, height } = img.grey;
  const lap = new Uint32Array(256);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      const v = Math.abs(4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - width]! - data[i + width]!);
      lap[v > 255 ? 255 : (v + 0.5) | 0]!++;
    }
  }
  return { low: percentile(img.histogram, 0.02), high: percentile(img.histogram, 0.98), sharpness: percentile(lap, 0.99) };
}
