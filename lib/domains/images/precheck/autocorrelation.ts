// 2-D autocorrelation through the FFT (Wiener-Khinchin): the periodicity test of the watermark score.

/** Bit-reversal permutation and twiddle factors for one FFT length, computed once per call of autocorrelate. */
function plan(n: number) {
  const rev = new Uint32Array(n);
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    rev[i] = j;
  }
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let k = 0; k < n / 2; k++) {
    cos[k] = Math.cos((2 * Math.PI * k) / n);
    sin[k] = -Math.sin((2 * Math.PI * k) / n);
  }
  return { n, rev, cos, sin };
}

type Plan = ReturnType<typeof plan>;

/** In-place iterative radix-2 FFT; `inverse` without the 1/n scaling (only ratios are used). */
function fft(p: Plan, re: Float64Array, im: Float64Array, inverse: boolean): void {
  const { n, rev, cos, sin } = p;
  for (let i = 1; i < n; i++) {
    const j = rev[i]!;
    if (i < j) {
      const tr = re[i]!;
      re[i] = re[j]!;
      re[j] = tr;
      const ti = im[i]!;
      im[i] = im[j]!;
      im[j] = ti;
    }
  }
  const sign = inverse ? -1 : 1;
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = n / len;
    for (let start = 0; start < n; start += len) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step]!;
        const wi = sign * sin[k * step]!;
        const a = start + k;
        const b = a + half;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

/**
 * Forward FFT of real rows, two at a time (one as the real, one as the imaginary part), split
 * apart by symmetry. Only bins 0..n/2 of each row are written; the rest follow from them.
 */
function realRowsFft(p: Plan, re: Float64Array, im: Float64Array, rows: number): void {
  const n = p.n;
  const zr = new Float64Array(n);
  const zi = new Float64Array(n);
  for (let y = 0; y < rows; y += 2) {
    const a = y * n;
    const b = a + n;
    zr.set(re.subarray(a, a + n));
    if (y + 1 < rows) zi.set(re.subarray(b, b + n));
    else zi.fill(0);
    fft(p, zr, zi, false);
    for (let k = 0; k <= n / 2; k++) {
      const m = (n - k) % n;
      re[a + k] = (zr[k]! + zr[m]!) / 2;
      im[a + k] = (zi[k]! - zi[m]!) / 2;
      if (y + 1 < rows) {
        re[b + k] = (zi[k]! + zi[m]!) / 2;
        im[b + k] = (zr[m]! - zr[k]!) / 2;
      }
    }
  }
}

/**
 * Inverse FFT of rows whose spectra are Hermitian (bins 0..n/2 given), so their results are real:
 * two rows per transform again. Writes the real results into `re`.
 */
function hermitianRowsIfft(p: Plan, re: Float64Array, im: Float64Array, rows: number[]): void {
  const n = p.n;
  const zr = new Float64Array(n);
  const zi = new Float64Array(n);
  for (let r = 0; r < rows.length; r += 2) {
    const a = rows[r]! * n;
    const b = r + 1 < rows.length ? rows[r + 1]! * n : -1;
    for (let k = 0; k < n; k++) {
      // G1 + i*G2, each filled from its lower half: G[n-k] = conj(G[k]).
      const mirrored = k > n / 2;
      const kk = mirrored ? n - k : k;
      const s = mirrored ? -1 : 1;
      const g1r = re[a + kk]!;
      const g1i = s * im[a + kk]!;
      const g2r = b >= 0 ? re[b + kk]! : 0;
      const g2i = b >= 0 ? s * im[b + kk]! : 0;
      zr[k] = g1r - g2i;
      zi[k] = g1i + g2r;
    }
    fft(p, zr, zi, true);
    re.set(zr, a);
    if (b >= 0) re.set(zi, b);
  }
}

/**
 * Column FFTs of the columns 0..columns-1 of a w-wide array, all columns at once: each butterfly
 * runs along whole rows, so memory is read in order (a column at a time would stride through it).
 */
function columnsFft(p: Plan, re: Float64Array, im: Float64Array, w: number, columns: number, inverse: boolean): void {
  const { n, rev, cos, sin } = p;
  for (let i = 1; i < n; i++) {
    const j = rev[i]!;
    if (i >= j) continue;
    for (let x = 0; x < columns; x++) {
      const a = i * w + x;
      const b = j * w + x;
      const tr = re[a]!;
      re[a] = re[b]!;
      re[b] = tr;
      const ti = im[a]!;
      im[a] = im[b]!;
      im[b] = ti;
    }
  }
  const sign = inverse ? -1 : 1;
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = n / len;
    for (let start = 0; start < n; start += len) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step]!;
        const wi = sign * sin[k * step]!;
        const ra = (start + k) * w;
        const rb = ra + half * w;
        for (let x = 0; x < columns; x++) {
          const a = ra + x;
          const b = rb + x;
          const tr = re[b]! * wr - im[b]! * wi;
          const ti = re[b]! * wi + im[b]! * wr;
          re[b] = re[a]! - tr;
          im[b] = im[a]! - ti;
          re[a] = re[a]! + tr;
          im[a] = im[a]! + ti;
        }
      }
    }
  }
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

const pow2 = (n: number) => 2 ** Math.ceil(Math.log2(n));

export interface Autocorrelation {
  /** Correlation coefficient at lag (dx, dy), |dx| <= maxLagX, |dy| <= maxLagY; 1 at (0, 0). */
  at(dx: number, dy: number): number;
  maxLagX: number;
  maxLagY: number;
  /** The part of the map used (its centre). */
  width: number;
  height: number;
}

/**
 * Normalised linear autocorrelation of a w x h map for lags up to about half its size. The map is
 * zero-padded so lags do not wrap around, and each lag is divided by its overlap area so long lags
 * are not penalised.
 */
export function autocorrelate(data: Float32Array, width: number, height: number, maxTransform = 512): Autocorrelation {
  // Lags up to half the map need 1.5 times its size in the transform; a larger map is cropped to
  // its centre, so the transform (and the time) stays bounded.
  const fit = (n: number) => {
    const size = Math.min(pow2(n * 1.5), maxTransform);
    const used = Math.min(n, Math.floor(size / 1.5));
    return { size, used, offset: Math.floor((n - used) / 2), maxLag: Math.min(size - used, Math.floor(used / 2)) };
  };
  const fx = fit(width);
  const fy = fit(height);
  const w = fx.used;
  const h = fy.used;
  const re = new Float64Array(fx.size * fy.size);
  const im = new Float64Array(fx.size * fy.size);
  const src = (x: number, y: number) => (y + fy.offset) * width + x + fx.offset;
  let mean = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mean += data[src(x, y)]!;
  mean /= w * h;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) re[y * fx.size + x] = data[src(x, y)]! - mean;
  const px = plan(fx.size);
  const py = plan(fy.size);
  // Real input: a row spectrum is Hermitian, so only columns 0..n/2 are transformed, and
  // rows past the map are zero and stay zero. Back again, only rows of lags we read are needed.
  const half = fx.size / 2 + 1;
  realRowsFft(px, re, im, h);
  columnsFft(py, re, im, fx.size, half, false);
  for (let y = 0; y < fy.size; y++) {
    for (let x = 0; x < half; x++) {
      const i = y * fx.size + x;
      re[i] = re[i]! * re[i]! + im[i]! * im[i]!;
      im[i] = 0;
    }
  }
  columnsFft(py, re, im, fx.size, half, true);
  hermitianRowsIfft(px, re, im, [...range(0, fy.maxLag + 1), ...range(fy.size - fy.maxLag, fy.size)]);
  const zero = re[0]! / (w * h);
  return {
    maxLagX: fx.maxLag,
    maxLagY: fy.maxLag,
    width: w,
    height: h,
    at(dx: number, dy: number) {
      if (zero <= 0) return 0;
      const ix = (dx + fx.size) % fx.size;
      const iy = (dy + fy.size) % fy.size;
      return re[iy * fx.size + ix]! / ((w - Math.abs(dx)) * (h - Math.abs(dy))) / zero;
    },
  };
}
