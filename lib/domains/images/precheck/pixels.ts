import sharp from "sharp";

/** One channel of float pixels, row-major. */
export interface Plane {
  data: Float32Array;
  width: number;
  height: number;
}

/** The decoded precheck input: interleaved RGB, its luminance and the luminance histogram. */
export interface DecodedImage {
  rgb: Uint8Array;
  grey: Plane;
  histogram: Uint32Array;
}

export async function decodeImage(jpeg: Buffer): Promise<DecodedImage> {
  const { data, info } = await sharp(jpeg).removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  const grey = new Float32Array(n);
  const histogram = new Uint32Array(256);
  for (let i = 0, p = 0; i < n; i++, p += info.channels) {
    const v = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
    grey[i] = v;
    histogram[(v + 0.5) | 0]!++;
  }
  return { rgb: data, grey: { data: grey, width: info.width, height: info.height }, histogram };
}

/** The p-th percentile (0..1) of a 256-bin histogram. */
export function percentile(histogram: Uint32Array, p: number): number {
  let total = 0;
  for (const c of histogram) total += c;
  const target = p * total;
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v]!;
    if (seen >= target) return v;
  }
  return histogram.length - 1;
}

/** Mean over factor x factor blocks (a box filter before decimation, so no aliasing of fine detail). */
export function downsample(src: Plane, factor: number): Plane {
  if (factor <= 1) return src;
  const width = Math.floor(src.width / factor);
  const height = Math.floor(src.height / factor);
  const data = new Float32Array(width * height);
  const norm = 1 / (factor * factor);
  // Row by row in memory order: each source row adds into its output row.
  for (let y = 0; y < height; y++) {
    for (let j = 0; j < factor; j++) {
      const row = (y * factor + j) * src.width;
      for (let x = 0, o = y * width; x < width; x++, o++) {
        let sum = 0;
        for (let i = 0, s = row + x * factor; i < factor; i++) sum += src.data[s + i]!;
        data[o] = data[o]! + sum;
      }
    }
  }
  for (let i = 0; i < data.length; i++) data[i] = data[i]! * norm;
  return { data, width, height };
}

/** Separable box blur of radius r (window 2r+1), edges repeated; running sums keep it O(n). */
export function boxBlur(src: Plane, r: number): Plane {
  const { width, height } = src;
  const tmp = new Float32Array(width * height);
  blurLines(src.data, tmp, height, width, width, 1, r);
  const out = new Float32Array(width * height);
  blurLines(tmp, out, width, height, 1, width, r);
  return { data: out, width, height };
}

/** Blurs `lines` lines of `length` samples; consecutive lines start `lineStep` apart, samples `step` apart. */
function blurLines(src: Float32Array, dst: Float32Array, lines: number, length: number, lineStep: number, step: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  const last = length - 1;
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep;
    let sum = 0;
    for (let t = -r; t <= r; t++) sum += src[base + Math.min(last, Math.max(0, t)) * step]!;
    for (let t = 0; t < length; t++) {
      dst[base + t * step] = sum * norm;
      const add = t + r + 1 > last ? last : t + r + 1;
      const drop = t - r < 0 ? 0 : t - r;
      sum += src[base + add * step]! - src[base + drop * step]!;
    }
  }
}

/** Linear ramp: 0 at `from`, 1 at `to` (either direction), clamped. */
export function ramp(value: number, from: number, to: number): number {
  const t = (value - from) / (to - from);
  return t <= 0 ? 0 : t >= 1 ? 1 : t;
}
