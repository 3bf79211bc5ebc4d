// Test images made from code, so every image test runs on the same pixels on every machine:
// a seeded PRNG (never Math.random) and glyphs drawn as SVG paths (no system fonts needed).
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** Small, fast, seeded PRNG (mulberry32): the same seed gives the same image. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const smooth = (t: number) => t * t * (3 - 2 * t);
const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Value noise of one cell size over the whole frame, 0..1. */
function valueNoise(width: number, height: number, cell: number, rand: () => number): Float32Array {
  const gw = Math.ceil(width / cell) + 2;
  const gh = Math.ceil(height / cell) + 2;
  const grid = new Float32Array(gw * gh).map(() => rand());
  // Shift the grid by a random fraction so octaves never line up on a shared lattice.
  const ox = rand() * cell;
  const oy = rand() * cell;
  const ix = new Int32Array(width);
  const fx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const g = (x + ox) / cell;
    ix[x] = Math.floor(g);
    fx[x] = smooth(g - ix[x]!);
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const g = (y + oy) / cell;
    const iy = Math.floor(g);
    const fy = smooth(g - iy);
    const r0 = iy * gw;
    const r1 = r0 + gw;
    for (let x = 0; x < width; x++) {
      const i = ix[x]!;
      const f = fx[x]!;
      const a = grid[r0 + i]! + (grid[r0 + i + 1]! - grid[r0 + i]!) * f;
      const b = grid[r1 + i]! + (grid[r1 + i + 1]! - grid[r1 + i]!) * f;
      out[y * width + x] = a + (b - a) * fy;
    }
  }
  return out;
}

type Rgb = [number, number, number];
const SCENES: { skyTop: Rgb; skyLow: Rgb; far: Rgb; near: Rgb; shape: Rgb }[] = [
  { skyTop: [62, 112, 196], skyLow: [176, 202, 232], far: [104, 138, 72], near: [52, 96, 36], shape: [34, 62, 28] }, // meadow
  { skyTop: [86, 136, 206], skyLow: [206, 216, 228], far: [150, 158, 160], near: [206, 184, 140], shape: [120, 104, 84] }, // coast
  { skyTop: [104, 124, 156], skyLow: [214, 200, 186], far: [150, 116, 84], near: [128, 74, 36], shape: [70, 46, 30] }, // autumn hills
];

/** RGB pixels of a landscape without people: sky and ground gradients, noise at several scales, soft shapes, grain. */
function landscapeRaw(width: number, height: number, seed: number): Buffer {
  const rand = prng(seed * 7919 + 17);
  const scene = SCENES[seed % SCENES.length]!;
  const horizon = height * (0.36 + 0.22 * rand());
  const waves = Array.from({ length: 3 }, (_, k) => ({
    amp: height * (0.05 / (k + 1)) * rand(),
    freq: (k + 1) * (1 + 2 * rand()),
    phase: rand() * 6.283,
  }));
  const clouds = valueNoise(width, height, Math.max(40, width / 6), rand);
  const clouds2 = valueNoise(width, height, Math.max(16, width / 20), rand);
  const coarse = valueNoise(width, height, Math.max(30, width / 12), rand);
  // Two mid octaves of unrelated cell sizes, so no single grid shows through.
  const midA = valueNoise(width, height, Math.max(8, width / 60), rand);
  const midB = valueNoise(width, height, Math.max(6, width / 83), rand);
  const mid = midA.map((v, i) => (v + midB[i]!) / 2);
  const fine = valueNoise(width, height, 3.3, rand);
  const shapes = Array.from({ length: 3 + Math.floor(rand() * 5) }, () => ({
    cx: rand() * width,
    cy: horizon + rand() * (height - horizon) * 0.6,
    rx: width * (0.03 + 0.08 * rand()),
    ry: height * (0.04 + 0.1 * rand()),
    tone: 0.7 + 0.5 * rand(),
  }));
  // Small hard-edged stones: the crisp detail a focused lens records.
  const stones = Array.from({ length: 30 + Math.floor(rand() * 40) }, () => {
    const r = (2 + rand() * 9) * (width / 1600);
    return {
      cx: rand() * width,
      cy: horizon + (0.1 + 0.9 * rand()) * (height - horizon),
      rx: r * (1 + rand()),
      ry: r,
      tone: 0.5 + rand() * 1.1,
    };
  });
  const sun = { x: width * (0.1 + 0.8 * rand()), y: horizon * (0.2 + 0.5 * rand()), r: width * 0.06 };
  const ridge = Float32Array.from({ length: width }, (_, x) =>
    waves.reduce((e, w) => e + w.amp * Math.sin((w.freq * 6.283 * x) / width + w.phase), horizon),
  );
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const edge = ridge[x]! + (coarse[i]! - 0.5) * height * 0.03;
      const skyT = Math.min(1, y / Math.max(1, edge));
      const cloud = Math.max(0, clouds[i]! * 0.7 + clouds2[i]! * 0.3 - 0.55) * 260;
      const sr = scene.skyTop[0] + (scene.skyLow[0] - scene.skyTop[0]) * skyT + cloud;
      const sg = scene.skyTop[1] + (scene.skyLow[1] - scene.skyTop[1]) * skyT + cloud;
      const sb = scene.skyTop[2] + (scene.skyLow[2] - scene.skyTop[2]) * skyT + cloud * 0.9;
      const sunD = Math.hypot(x - sun.x, y - sun.y) / sun.r;
      const glow = sunD < 4 ? 60 * Math.exp(-sunD * sunD) : 0;
      // Ground: far colour at the horizon, near colour at the bottom, textured at every scale.
      const gt = Math.min(1, Math.max(0, (y - edge) / Math.max(1, height - edge)));
      const tex = 0.62 + 0.3 * coarse[i]! + 0.25 * mid[i]! + 0.2 * fine[i]!;
      let gr = (scene.far[0] + (scene.near[0] - scene.far[0]) * gt) * tex;
      let gg = (scene.far[1] + (scene.near[1] - scene.far[1]) * gt) * tex;
      let gb = (scene.far[2] + (scene.near[2] - scene.far[2]) * gt) * tex;
      for (const s of shapes) {
        if (Math.abs(y - s.cy) > s.ry * 1.2 || Math.abs(x - s.cx) > s.rx * 1.2) continue;
        const d = Math.hypot((x - s.cx) / s.rx, (y - s.cy) / s.ry);
        if (d < 1.2) {
          const a = d < 0.85 ? 1 : smooth((1.2 - d) / 0.35);
          const k = s.tone * (0.75 + 0.5 * mid[i]!);
          gr += (scene.shape[0] * k - gr) * a;
          gg += (scene.shape[1] * k - gg) * a;
          gb += (scene.shape[2] * k - gb) * a;
        }
      }
      // A soft two-pixel horizon, as a lens would draw it.
      const a = Math.min(1, Math.max(0, (y - edge + 1) / 2));
      const r = sr + glow + (gr - sr - glow) * a;
      const g = sg + glow + (gg - sg - glow) * a;
      const b = sb + glow * 0.7 + (gb - sb - glow * 0.7) * a;
      const grain = (rand() - 0.5) * 10;
      out[i * 3] = clamp255(r + grain);
      out[i * 3 + 1] = clamp255(g + grain);
      out[i * 3 + 2] = clamp255(b + grain);
    }
  }
  for (const s of stones) {
    for (let y = Math.max(0, Math.floor(s.cy - s.ry - 1)); y < Math.min(height, s.cy + s.ry + 1); y++) {
      for (let x = Math.max(0, Math.floor(s.cx - s.rx - 1)); x < Math.min(width, s.cx + s.rx + 1); x++) {
        const a = Math.min(1, Math.max(0, (1 - Math.hypot((x - s.cx) / s.rx, (y - s.cy) / s.ry)) * s.ry));
        const lit = (y < s.cy ? 1.25 : 0.9) * s.tone * 1.6;
        for (let c = 0; c < 3; c++) {
          const p = (y * width + x) * 3 + c;
          out[p] = clamp255(out[p]! + (scene.shape[c]! * lit + (rand() - 0.5) * 10 - out[p]!) * a);
        }
      }
    }
  }
  return out;
}

function rawImage(data: Buffer, width: number, height: number) {
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A natural-looking landscape photo without people (default 1600x1067); the seed changes noise, palette and layout. */
export async function photoJpeg(opts: { width?: number; height?: number; seed?: number } = {}): Promise<Buffer> {
  const { width = 1600, height = 1067, seed = 1 } = opts;
  return rawImage(landscapeRaw(width, height, seed), width, height)
    .jpeg({ quality: 88 })
    .toBuffer();
}

// Block capitals on a 6x10 grid, as stroke paths, for the watermark text.
const CAPITALS: Record<string, string> = {
  S: "M6 0H0V5H6V10H0",
  T: "M0 0H6M3 0V10",
  O: "M0 0H6V10H0Z",
  C: "M6 0H0V10H6",
  K: "M0 0V10M6 0L0 5L6 10",
  P: "M0 10V0H6V5H0",
  H: "M0 0V10M6 0V10M0 5H6",
};

/** Moves and scales a glyph path (absolute M/L/H/V, relative arcs, Z) to its place on the page. */
function placePath(path: string, x0: number, y0: number, scale: number): string {
  return path.replace(/([MLHVaZ])([^MLHVaZ]*)/g, (_m, cmd: string, args: string) => {
    const n = args.trim() ? args.trim().split(/\s+/).map(Number) : [];
    switch (cmd) {
      case "H":
        return `H${x0 + n[0]! * scale}`;
      case "V":
        return `V${y0 + n[0]! * scale}`;
      case "a":
        return `a${n[0]! * scale} ${n[1]! * scale} ${n[2]} ${n[3]} ${n[4]} ${n[5]! * scale} ${n[6]! * scale}`;
      case "Z":
        return "Z";
      default:
        return `${cmd}${x0 + n[0]! * scale} ${y0 + n[1]! * scale}`;
    }
  });
}

function capitalsPath(text: string, x0: number, y0: number, scale: number): string {
  return [...text].map((ch, k) => placePath(CAPITALS[ch] ?? "", x0 + k * 9 * scale, y0, scale)).join("");
}

/**
 * A photo under a stock agency's watermark: "STOCKPHOTO" in semi-transparent white (default 50 %),
 * tiled diagonally over the whole picture.
 */
export async function watermarkedJpeg(opts: { opacity?: number; seed?: number; angle?: number } = {}): Promise<Buffer> {
  const { opacity = 0.5, seed = 4, angle = -30 } = opts;
  const width = 1600;
  const height = 1067;
  const scale = 5;
  // Rows staggered by half a tile, as agencies lay them out.
  const tileW = 560;
  const tileH = 360;
  const text = (x: number, y: number) => capitalsPath("STOCKPHOTO", x, y, scale);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><pattern id="wm" width="${tileW}" height="${tileH}" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})">
<path d="${text(20, 40)}${text(20 + tileW / 2, 40 + tileH / 2)}${text(20 - tileW / 2, 40 + tileH / 2)}" fill="none" stroke="#fff" stroke-opacity="${opacity}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
</pattern></defs><rect width="100%" height="100%" fill="url(#wm)"/></svg>`;
  return rawImage(landscapeRaw(width, height, seed), width, height)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

// Lowercase-like glyphs on a 4-wide grid (x-height 3..7, ascenders from 0, descenders to 9) for body text.
const GLYPHS = [
  "M0 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0",
  "M2 0V7",
  "M0 7V3M0 5a2 2 0 0 1 4 0V7",
  "M2 3V7M2 1.2V1.6",
  "M4 3.6a2 2 0 1 0 0 2.8",
  "M0 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M4 0V7",
  "M0 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M0 0V7",
  "M1.5 1V7H3M0 3H3",
  "M0 3L2 7L4 3",
  "M0 3V5a2 2 0 0 0 4 0V3M4 3V7",
  "M0 3V7M0 5a2 2 0 0 1 3 -2",
  "M0 5H4a2 2 0 1 0 -0.6 1.4",
  "M0 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M0 3V9",
];

/** One line of pseudo-words (2 to 9 letters) as a single path, at most maxWidth long. */
function textLine(rand: () => number, x0: number, y0: number, scale: number, maxWidth: number): string {
  let d = "";
  let x = x0;
  for (;;) {
    const letters = 2 + Math.floor(rand() * 8);
    if (x + letters * 5.5 * scale > x0 + maxWidth) break;
    for (let k = 0; k < letters; k++, x += 5.5 * scale) d += placePath(GLYPHS[Math.floor(rand() * GLYPHS.length)]!, x, y0, scale);
    x += 4 * scale;
  }
  return d;
}

/** A scanned page: off-white paper with a little grain and shading, a heading and many lines of dark body text. */
export async function documentJpeg(): Promise<Buffer> {
  const width = 1240;
  const height = 1754;
  const rand = prng(424242);
  const margin = 130;
  const lines: string[] = [];
  let y = 250;
  while (y < height - 160) {
    // Paragraphs: a blank line now and then, and a shorter last line.
    const isLast = rand() < 0.18;
    lines.push(textLine(rand, margin, y, 2.6, isLast ? (width - 2 * margin) * (0.3 + 0.5 * rand()) : width - 2 * margin));
    y += isLast ? 60 : 30;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<path d="${capitalsPath("PHOTO", margin, 130, 4.5)}" fill="none" stroke="#1e1e1e" stroke-width="4"/>
<path d="${lines.join("")}" fill="none" stroke="#262626" stroke-width="1.7" stroke-linecap="round"/></svg>`;
  const paper = Buffer.alloc(width * height * 3);
  for (let i = 0, p = 0; i < width * height; i++) {
    const yy = Math.floor(i / width);
    const v = 236 - (yy / height) * 6 + (rand() - 0.5) * 6;
    paper[p++] = clamp255(v + 2);
    paper[p++] = clamp255(v + 1);
    paper[p++] = clamp255(v - 2);
  }
  return rawImage(paper, width, height)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A desktop app screenshot: flat title bar, sidebar, panels with borders, buttons, text; exact flat colours. */
export async function screenshotPng(): Promise<Buffer> {
  const width = 1440;
  const height = 900;
  const rand = prng(777);
  const rect = (x: number, y: number, w: number, h: number, fill: string, stroke?: string) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${stroke ? ` stroke="${stroke}" stroke-width="2"` : ""}/>`;
  const text = (x: number, y: number, maxWidth: number, rows: number, colour: string, step = 26) =>
    `<path d="${Array.from({ length: rows }, (_, k) => textLine(rand, x, y + k * step, 2, maxWidth * (0.5 + 0.5 * rand()))).join("")}" fill="none" stroke="${colour}" stroke-width="1.4"/>`;
  const parts = [
    rect(0, 0, width, height, "#ffffff"),
    rect(0, 0, width, 56, "#1f2937"),
    text(80, 18, 260, 1, "#f9fafb"),
    rect(0, 56, 260, height - 56, "#f3f4f6"),
    rect(259, 56, 1, height - 56, "#d1d5db"),
    ...Array.from(
      { length: 9 },
      (_, k) => (k === 2 ? rect(12, 80 + k * 44, 236, 34, "#dbeafe") : "") + text(32, 88 + k * 44, 180, 1, "#374151"),
    ),
    rect(290, 86, 540, 330, "#ffffff", "#e5e7eb"),
    text(316, 110, 480, 10, "#111827"),
    rect(860, 86, 550, 330, "#ffffff", "#e5e7eb"),
    text(886, 110, 480, 10, "#111827"),
    rect(290, 446, 1120, 360, "#f9fafb", "#e5e7eb"),
    text(316, 470, 1040, 11, "#4b5563", 30),
    rect(1180, 830, 230, 44, "#2563eb"),
    text(1214, 842, 150, 1, "#ffffff"),
    rect(930, 830, 230, 44, "#ffffff", "#9ca3af"),
    text(964, 842, 150, 1, "#111827"),
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" shape-rendering="crispEdges">${parts.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A real JPEG cut off in the middle of its scan data (no end marker). */
export async function corruptJpeg(): Promise<Buffer> {
  const full = await photoJpeg({ width: 800, height: 533, seed: 11 });
  return Buffer.from(full.subarray(0, Math.floor(full.length / 2)));
}

/** A file of `bytes` (default 17 MiB, over the 16 MiB upload limit) that starts with a real JPEG. */
export async function oversizeFile(bytes = 17 * 1024 * 1024): Promise<Buffer> {
  const head = await photoJpeg({ width: 320, height: 213, seed: 12 });
  const out = Buffer.alloc(bytes);
  head.copy(out, 0, 0, Math.min(head.length, bytes));
  return out;
}

let bomb: Buffer | undefined;

/**
 * A decompression bomb: a 20,000 x 20,000 PNG (400 megapixels, over sharp's pixel limit) of one
 * colour, a few tens of kilobytes on disk. Built by hand (1-bit greyscale rows through deflate),
 * since letting sharp encode it would mean pushing 400 megapixels through the encoder.
 */
export async function bombPng(): Promise<Buffer> {
  if (bomb) return bomb;
  const side = 20_000;
  const rowBytes = 1 + Math.ceil(side / 8);
  const idat = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "ascii");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  bomb = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return bomb;
}

let largePhoto: Buffer | undefined;

/** A 4000x3000 (12 megapixel) photo, as a camera delivers it. */
export async function largePhotoJpeg(): Promise<Buffer> {
  largePhoto ??= await photoJpeg({ width: 4000, height: 3000, seed: 5 });
  return largePhoto;
}
