// Pictures for the demo content, drawn from code at seed time: a stylised cover per category
// motif and the newsrooms' logos. Pure: the same motif and seed give the same bytes on every
// machine (a seeded PRNG, SVG rendered by sharp, a fine grain added in memory); nothing is
// downloaded. The covers are illustrations, not photos: gradients, shapes, no text.
//
// They pass the embedded image precheck (lib/domains/images/precheck) as an upload would: the
// grain leaves no flat areas of one colour (screenshot), and nothing repeats on an even 2-D grid
// (watermark lattice), hence the receding columns and bars and the uneven lines of code.
import sharp from "sharp";

/** Each motif: the category it illustrates | what it shows in German | in English (the alternative text). */
const MOTIFS = {
  skyline: "wirtschaft | Stadtsilhouette mit Bürotürmen am Fluss in der Dämmerung | City skyline with office towers by a river at dusk",
  factory: "mittelstand | Werkshalle mit Sheddach, Schornstein und Zahnrad | Factory hall with a sawtooth roof, a chimney and a gear",
  retail: "handel | Einkaufstüten und Pakete unter einer gestreiften Markise | Shopping bags and parcels under a striped awning",
  chart: "finanzen | Steigendes Balkendiagramm mit Kurve und Münzstapeln | Rising bar chart with a trend line and stacks of coins",
  bank: "banken | Bankgebäude mit Säulen und Giebel | Bank building with columns and a pediment",
  umbrella: "versicherungen | Großer Schirm schützt Häuser vor dem Regen | A large umbrella shelters houses from the rain",
  wind: "energie | Windräder auf einer Hügelkette im Morgenlicht | Wind turbines on a range of hills in the morning light",
  code: "software | Editorfenster mit farbigen Codezeilen | Editor window with coloured lines of code",
  cloud: "cloud | Wolken über einem Netz verbundener Server | Clouds above a network of connected servers",
  shield: "sicherheit | Schutzschild mit Schlüsselloch vor Leiterbahnen | Shield with a keyhole in front of circuit traces",
  molecule: "forschung | Molekülmodell aus leuchtenden Kugeln | Molecular model of glowing spheres",
  pulse: "medizintechnik | Herzschlagkurve, DNA-Doppelhelix und Kreuz | Heartbeat curve, DNA double helix and a cross",
  mobility: "mobilitaet | Elektroauto auf einer Landstraße mit Ladesäule | Electric car on a country road with a charging post",
} as const;

export type CoverMotif = keyof typeof MOTIFS;
const partsOf = (motif: CoverMotif) => MOTIFS[motif].split(" | ") as [string, string, string];

export const COVER_MOTIFS = Object.keys(MOTIFS) as CoverMotif[];

/** The motif of each portal category (prisma/seed-data.ts, PORTAL_CATEGORIES). */
export const CATEGORY_MOTIFS: Record<string, CoverMotif> = Object.fromEntries(COVER_MOTIFS.map((m) => [partsOf(m)[0], m]));

/** The cover's alternative text: what the motif shows, in the release's language. */
export const motifAlt = (motif: CoverMotif, language: "de" | "en") => `Illustration: ${partsOf(motif)[language === "de" ? 1 : 2]}`;

export type Rand = () => number;

/** mulberry32: small, fast, seeded; never Math.random, so a seed always gives the same picture. */
export function prng(seed: number): Rand {
  let a = (seed * 2654435761) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const W = 1600;
const H = 900;
const f = (n: number) => n.toFixed(1);
const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${f(((h % 360) + 360) % 360)},${f(s)}%,${f(l)}%,${a.toFixed(2)})`;
/** Path data with its numbers rounded: P`M${x} ${y}`. */
const P = (parts: TemplateStringsArray, ...values: number[]) =>
  parts.reduce((out, s, i) => out + s + (i < values.length ? f(values[i]!) : ""), "");

type Attrs = Record<string, string | number>;
/** Attributes in camelCase become SVG's kebab-case (strokeWidth → stroke-width); numbers are rounded. */
const attrs = (a: Attrs) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${typeof v === "number" ? f(v) : v}"`)
    .join("");

/** A picture in the making: gradient definitions and shapes in one 1600 × 900 coordinate space. */
class Scene {
  private defs: string[] = [];
  private body: string[] = [];
  private ids = 0;
  constructor(readonly r: Rand) {}
  range = (a: number, b: number) => a + (b - a) * this.r();
  int = (a: number, b: number) => Math.floor(this.range(a, b + 1));
  pick = <T>(xs: readonly T[]): T => xs[Math.floor(this.r() * xs.length)]!;
  /** A linear gradient from (x1, y1) to (x2, y2) in the shape's box; returns its url(). */
  lin(stops: string[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = `g${this.ids++}`;
    const s = stops.map((c, i) => `<stop offset="${i / Math.max(1, stops.length - 1)}" stop-color="${c}"/>`).join("");
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`);
    return `url(#${id})`;
  }
  /** A radial gradient, centre colour to edge colour (transparent edges make a glow). */
  rad(inner: string, outer: string, fx = 0.5, fy = 0.5): string {
    const id = `g${this.ids++}`;
    const stops = `<stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/>`;
    this.defs.push(`<radialGradient id="${id}" fx="${fx}" fy="${fy}">${stops}</radialGradient>`);
    return `url(#${id})`;
  }
  el(tag: string, a: Attrs) {
    this.body.push(`<${tag}${attrs(a)}/>`);
  }
  rect(x: number, y: number, width: number, height: number, fill: string, more: Attrs = {}) {
    this.el("rect", { x, y, width, height, fill, ...more });
  }
  circle(cx: number, cy: number, r: number, fill: string) {
    this.el("circle", { cx, cy, r, fill });
  }
  path(d: string, fill: string, more: Attrs = {}) {
    this.el("path", { d, fill, ...more });
  }
  line(d: string, stroke: string, strokeWidth: number, more: Attrs = {}) {
    this.el("path", { d, fill: "none", stroke, strokeWidth, ...more });
  }
  /** Shapes drawn inside one <g> with these attributes. */
  group(a: Attrs, draw: () => void) {
    const outer = this.body;
    this.body = [];
    draw();
    outer.push(`<g${attrs(a)}>${this.body.join("")}</g>`);
    this.body = outer;
  }
  sky(top: string, bottom: string) {
    this.el("rect", { width: W, height: H, fill: this.lin([top, bottom]) });
  }
  glow(cx: number, cy: number, r: number, color: string, core?: string) {
    this.el("circle", { cx, cy, r, fill: this.rad(color, hsl(0, 0, 100, 0)) });
    if (core) this.el("circle", { cx, cy, r: r / 5, fill: core });
  }
  bokeh(n: number, hue: number) {
    for (let i = 0; i < n; i++) {
      const c = hsl(hue + this.range(-30, 30), 70, this.range(60, 85), this.range(0.08, 0.25));
      this.glow(this.range(0, W), this.range(0, H), this.range(20, 90), c);
    }
  }
  /** A ridge of hills: the height along x as a sum of sines, and the filled shape below it. */
  ridge(base: number, amp: number, fill: string): (x: number) => number {
    const waves = [1, 2.3, 4.7].map((k) => ({ k, p: this.range(0, 6.28), a: amp / k }));
    const y = (x: number) => base - waves.reduce((s, w) => s + w.a * Math.sin((x / W) * Math.PI * w.k + w.p), 0);
    let d = `M0 ${H} `;
    for (let x = 0; x <= W; x += 20) d += P`L${x} ${y(x)} `;
    this.el("path", { d: `${d}L${W} ${H}Z`, fill });
    return y;
  }
  svg(width: number, height: number): string {
    const frame = `width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice"`;
    return `<svg xmlns="http://www.w3.org/2000/svg" ${frame}><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}

type Draw = (s: Scene, hue: number) => void;

const DRAW: Record<CoverMotif, Draw> = {
  wind(s, hue) {
    s.sky(hsl(hue + 205, 55, 38), hsl(hue + 30, 85, 78));
    s.glow(s.range(200, 1400), s.range(380, 520), 320, hsl(hue + 40, 100, 85, 0.9), hsl(hue + 45, 100, 92));
    s.ridge(560, 60, hsl(hue + 200, 25, 55));
    const near = s.ridge(700, 70, s.lin([hsl(hue + 95, 45, 38), hsl(hue + 110, 50, 20)]));
    const n = s.int(4, 7);
    for (let i = 0; i < n; i++) {
      const x = ((i + s.range(0.2, 0.8)) / n) * W;
      const k = s.range(0.6, 1.25);
      const [base, top] = [near(x) + 10, near(x) + 10 - 330 * k];
      const tower = s.lin([hsl(0, 0, 96), hsl(hue + 210, 10, 70)], 0, 0, 1, 0);
      s.path(P`M${x - 7 * k} ${base}L${x + 7 * k} ${base}L${x + 3 * k} ${top}L${x - 3 * k} ${top}Z`, tower);
      s.rect(x - 6 * k, top - 7 * k, 22 * k, 12 * k, hsl(0, 0, 92), { rx: 4 * k });
      const a = s.range(0, 120);
      const blade = P`M0 0C${9 * k} ${-25 * k} ${7 * k} ${-120 * k} 0 ${-165 * k}C${-4 * k} ${-120 * k} ${-5 * k} ${-25 * k} 0 0Z`;
      for (let b = 0; b < 3; b++) s.path(blade, hsl(0, 0, 97), { transform: P`translate(${x} ${top}) rotate(${a + 120 * b})` });
      s.circle(x, top, 5 * k, hsl(0, 0, 85));
    }
    s.ridge(860, 25, s.lin([hsl(hue + 85, 50, 30), hsl(hue + 100, 55, 14)]));
  },
  skyline(s, hue) {
    s.sky(hsl(hue + 250, 50, 22), hsl(hue + 20, 85, 68));
    s.glow(s.range(300, 1300), 560, 380, hsl(hue + 30, 100, 75, 0.8));
    const horizon = 640;
    s.group({ id: "city" }, () => {
      for (const light of [30, 16]) {
        for (let x = s.range(-60, 0); x < W; x += s.range(70, 150)) {
          const [w, h] = [s.range(60, 140), s.range(120, 380) * (light < 20 ? 1.1 : 0.8)];
          s.rect(x, horizon - h, w, h, s.lin([hsl(hue + 230, 25, light + 10), hsl(hue + 240, 30, light)], 0, 0, 1, 0));
          if (s.r() < 0.3) s.rect(x + w / 2 - 2, horizon - h - 50, 4, 50, hsl(0, 0, 30));
        }
      }
    });
    s.rect(0, horizon, W, H - horizon, s.lin([hsl(hue + 230, 40, 22), hsl(hue + 240, 45, 10)]));
    s.el("use", { href: "#city", transform: `translate(0 ${2 * horizon}) scale(1 -1)`, opacity: 0.25 });
    for (let i = 0; i < 30; i++) s.rect(s.range(0, W), s.range(horizon + 10, H), s.range(40, 200), 2, hsl(hue + 35, 90, 75, 0.35));
    // Lit windows, each tower its own spacing and about two in five lit.
    for (let x = 20; x < W; x += s.range(130, 240)) {
      const [y, w, gx, gy] = [horizon - s.range(150, 300), s.range(70, 120), s.range(16, 26), s.range(22, 34)];
      for (let wy = y + 14; wy < y + 110; wy += gy)
        for (let wx = x + 10; wx < x + w - 18; wx += gx)
          if (s.r() < 0.42) s.rect(wx, wy, gx * 0.45, gy * 0.5, hsl(hue + 45, 90, s.range(62, 82), s.range(0.5, 0.95)));
    }
  },
  factory(s, hue) {
    s.sky(hsl(hue + 200, 45, 62), hsl(hue + 35, 60, 86));
    s.ridge(600, 30, hsl(hue + 190, 20, 60));
    const [x0, teeth, tw] = [s.range(120, 420), s.int(4, 6), 150];
    let roof = P`M${x0} 640`;
    for (let i = 0; i < teeth; i++) roof += P`L${x0 + i * tw} 470L${x0 + i * tw + tw} 420L${x0 + i * tw + tw} 470`;
    s.path(roof + P`L${x0 + teeth * tw} 640Z`, s.lin([hsl(hue + 10, 30, 55), hsl(hue + 15, 30, 35)]));
    for (let i = 0; i < teeth; i++) s.rect(x0 + i * tw + 25, 520, 90, 60, hsl(hue + 200, 60, s.range(70, 85)), { rx: 4 });
    const cx = x0 + s.range(-60, teeth * tw);
    s.rect(cx, 230, 44, 240, s.lin([hsl(hue, 35, 45), hsl(hue, 35, 30)], 0, 0, 1, 0));
    for (let i = 0; i < 9; i++) s.glow(cx + 22 + i * s.range(15, 35), 220 - i * 28, 30 + i * 9, hsl(0, 0, 100, 0.55));
    s.rect(0, 640, W, 260, s.lin([hsl(hue + 30, 15, 50), hsl(hue + 30, 15, 28)]));
    const [gx, gy, n] = [s.range(1150, 1420), s.range(640, 760), s.int(12, 16)];
    let gear = "";
    for (let i = 0; i < n * 4; i++) {
      const [a, r] = [(i / (n * 4)) * Math.PI * 2, i % 4 < 2 ? 230 : 190];
      gear += (i ? "L" : "M") + P`${gx + r * Math.cos(a)} ${gy + r * Math.sin(a)}`;
    }
    s.path(`${gear}Z`, s.lin([hsl(hue + 210, 15, 75), hsl(hue + 210, 15, 40)], 0, 0, 1, 1));
    s.circle(gx, gy, 70, hsl(hue + 30, 15, 35));
  },
  retail(s, hue) {
    s.sky(hsl(hue + 20, 70, 80), hsl(hue + 345, 55, 62));
    const stripes = s.int(9, 14);
    const sw = W / stripes;
    const [white, red] = [hsl(0, 0, 97), hsl(hue + 350, 65, 52)];
    for (let i = 0; i < stripes; i++) s.path(P`M${i * sw} 0h${sw}v150a${sw / 2} 30 0 0 1 ${-sw} 0Z`, i % 2 ? white : red);
    s.rect(0, 720, W, 180, s.lin([hsl(hue + 25, 35, 55), hsl(hue + 25, 35, 35)]));
    for (let i = 0; i < s.int(4, 7); i++) {
      const [x, w, h] = [s.range(60, 1500), s.range(120, 220), s.range(90, 180)];
      const y = 740 - h - (s.r() < 0.3 ? 120 : 0);
      s.rect(x, y, w, h, s.lin([hsl(hue + 30, 45, 62), hsl(hue + 28, 45, 45)]));
      s.rect(x + w / 2 - 12, y, 24, h, hsl(hue + 40, 40, 75, 0.8));
    }
    for (let i = 0; i < s.int(4, 6); i++) {
      const [x, w, h, c] = [s.range(100, 1400), s.range(140, 220), s.range(180, 280), hue + s.range(0, 360)];
      s.line(P`M${x + w * 0.3} ${760 - h}a${w * 0.2} ${w * 0.22} 0 0 1 ${w * 0.4} 0`, hsl(c, 40, 30), 9);
      s.path(P`M${x + 10} ${760 - h}h${w - 20}l10 ${h}h${-w}Z`, s.lin([hsl(c, 65, 58), hsl(c, 65, 42)], 0, 0, 1, 1));
    }
    for (let i = 0; i < 5; i++) s.glow(s.range(100, 1500), s.range(200, 320), s.range(40, 80), hsl(hue + 45, 100, 85, 0.6));
  },
  chart(s, hue) {
    s.sky(hsl(hue + 220, 60, 16), hsl(hue + 200, 55, 30));
    s.bokeh(14, hue + 190);
    for (let y = 180; y < 780; y += s.range(90, 130)) s.rect(80, y, 1440, 2, hsl(0, 0, 100, 0.12));
    // The bars recede: each a little wider and further from the last, so they read as seen at an angle.
    const [n, k] = [s.int(7, 10), s.range(1.05, 1.1)];
    const slot = (1150 * (k - 1)) / (k ** n - 1);
    const pts: [number, number][] = [];
    let v = s.range(120, 200);
    for (let i = 0, x = 140; i < n; x += slot * k ** i, i++) {
      v = Math.min(560, v + s.range(-30, 80));
      const w = slot * k ** i * 0.62;
      s.rect(x, 780 - v, w, v, s.lin([hsl(hue + 170, 75, 60), hsl(hue + 200, 70, 35)]), { rx: 10 });
      pts.push([x + w / 2, 780 - v - s.range(40, 90)]);
    }
    const d = pts.map(([x, y], i) => (i ? "L" : "M") + P`${x} ${y}`).join("");
    s.line(d, hsl(hue + 45, 100, 70, 0.3), 22);
    s.line(d, hsl(hue + 45, 100, 75), 6);
    for (const [cx, cy] of pts) s.circle(cx, cy, 11, hsl(hue + 45, 100, 88));
    const gold = s.lin([hsl(45, 90, 62), hsl(38, 85, 40)]);
    for (let c = 0; c < 3; c++)
      for (let j = s.int(4, 9); j >= 0; j--)
        s.el("ellipse", { cx: 1330 + c * 70, cy: 800 - j * 16, rx: 42, ry: 13, fill: gold, stroke: hsl(40, 80, 30) });
  },
  bank(s, hue) {
    s.sky(hsl(hue + 205, 55, 55), hsl(hue + 190, 45, 86));
    s.glow(s.range(150, 1450), 180, 260, hsl(hue + 50, 100, 92, 0.8));
    // Seen slightly from one side: the columns narrow and close up towards the far end.
    const [cols, k] = [s.int(5, 7), s.range(0.86, 0.92)];
    const span = (150 * (1 - k ** cols)) / (1 - k);
    const x0 = 800 - span / 2;
    const flip = s.r() < 0.5;
    const stone = (l: number) => s.lin([hsl(hue + 35, 25, l + 12), hsl(hue + 35, 20, l)], 0, 0, 1, 0);
    s.path(P`M${x0 - 60} 330L800 170L${1600 - x0 + 60} 330Z`, stone(70));
    s.circle(800, 270, 34, hsl(hue + 210, 30, 45));
    s.rect(x0 - 50, 330, span + 100, 50, stone(74));
    s.rect(x0, 380, span, 290, hsl(hue + 35, 15, 45));
    for (let i = 0, x = 0; i < cols; x += 150 * k ** i, i++) {
      const w = 60 * k ** i;
      const left = flip ? x0 + span - x - 25 * k ** i - w : x0 + x + 25 * k ** i;
      s.rect(left, 380, w, 290, s.lin([hsl(hue + 35, 15, 66), hsl(hue + 35, 20, 84), hsl(hue + 35, 15, 62)], 0, 0, 1, 0));
    }
    for (let i = 0; i < 3; i++) s.rect(x0 - 80 - i * 30, 670 + i * 28, span + 160 + i * 60, 28, stone(70 - i * 6));
    s.rect(0, 754, W, 146, s.lin([hsl(hue + 100, 30, 45), hsl(hue + 100, 35, 28)]));
    for (const side of [0, 1])
      for (let i = 0; i < 3; i++) {
        const x = side ? s.range(1360, 1560) : s.range(40, 240);
        s.glow(x, s.range(560, 680), s.range(90, 140), hsl(hue + 110, 45, s.range(25, 40), 0.95));
      }
  },
  umbrella(s, hue) {
    s.sky(hsl(hue + 215, 25, 45), hsl(hue + 205, 25, 75));
    for (let i = 0; i < 220; i++) s.line(P`M${s.range(-100, W)} ${s.range(-50, H)}l-12 40`, hsl(0, 0, 100, s.range(0.2, 0.5)), 2);
    const cx = s.range(650, 950);
    s.glow(cx, 640, 520, hsl(hue + 45, 80, 80, 0.55));
    const c = hue + s.pick([0, 160, 200]);
    s.line(P`M${cx} 300V780a40 40 0 0 1 -80 0`, hsl(c, 30, 25), 14, { strokeLinecap: "round" });
    const scallops = Array.from({ length: 6 }, () => P`a${460 / 6} 36 0 0 0 ${-920 / 6} 0`).join("");
    s.path(P`M${cx - 460} 380A460 300 0 0 1 ${cx + 460} 380` + `${scallops}Z`, s.lin([hsl(c, 75, 58), hsl(c, 75, 38)]));
    for (let i = 0; i < 5; i++) {
      const [x, h] = [cx - 400 + i * 170 + s.range(-10, 10), s.range(120, 190)];
      s.path(P`M${x} 880V${880 - h}l70 -70l70 70V880Z`, hsl(hue + s.range(0, 360), 35, s.range(60, 75)));
      s.rect(x + 50, 880 - h * 0.6, 40, h * 0.6, hsl(hue + 20, 30, 30));
    }
    s.rect(0, 880, W, 20, hsl(hue + 210, 15, 30));
  },
  code(s, hue) {
    s.sky(hsl(hue + 225, 45, 12), hsl(hue + 250, 40, 24));
    s.bokeh(12, hue + 260);
    const palette = [hsl(hue + 200, 80, 65), hsl(hue + 320, 70, 68), hsl(hue + 40, 85, 65), hsl(hue + 140, 55, 60), hsl(0, 0, 80)];
    // One editor window, tilted, with lines of uneven spacing (an even grid of bars reads as a tiled overlay).
    const [x, y] = [s.range(120, 260), s.range(110, 170)];
    s.group({ transform: P`rotate(${s.range(-6, -2)} ${x + 410} ${y + 320})` }, () => {
      s.rect(x, y, 820, 640, hsl(hue + 225, 35, 17, 0.95), { rx: 22, stroke: hsl(hue + 225, 30, 38), strokeWidth: 3 });
      for (const [d, c] of [hsl(4, 75, 60), hsl(42, 85, 58), hsl(130, 50, 50)].entries()) s.circle(x + 34 + d * 30, y + 30, 10, c);
      let indent = 0;
      for (let ly = y + 80; ly < y + 600; ly += s.range(30, 52)) {
        indent = Math.max(0, Math.min(4, indent + s.int(-1, 1)));
        let lx = x + 44 + indent * s.range(34, 44);
        for (let t = s.int(1, 3); t > 0 && lx < x + 700; t--) {
          const tw = s.range(40, 190);
          s.rect(lx, ly, Math.min(tw, x + 790 - lx), 18, s.pick(palette), { rx: 9 });
          lx += tw + s.range(14, 26);
        }
      }
    });
    const cx = s.range(1180, 1320);
    s.glow(cx, 450, 300, hsl(hue + 200, 100, 65, 0.45));
    const d = P`M${cx - 90} 340L${cx - 200} 450L${cx - 90} 560M${cx + 90} 340L${cx + 200} 450L${cx + 90} 560M${cx + 40} 300L${cx - 40} 600`;
    s.line(d, hsl(hue + 190, 100, 80), 34, { strokeLinecap: "round", strokeLinejoin: "round" });
  },
  cloud(s, hue) {
    s.sky(hsl(hue + 210, 70, 45), hsl(hue + 260, 55, 70));
    const nodes: [number, number][] = Array.from({ length: 14 }, () => [s.range(80, 1520), s.range(560, 840)]);
    for (const [i, a] of nodes.entries())
      for (const b of nodes.slice(i + 1))
        if (Math.hypot(a[0] - b[0], a[1] - b[1]) < 330) s.line(P`M${a[0]} ${a[1]}L${b[0]} ${b[1]}`, hsl(hue + 190, 90, 85, 0.5), 3);
    for (const [x, y] of nodes) {
      s.glow(x, y, 40, hsl(hue + 190, 100, 80, 0.6));
      s.rect(x - 26, y - 18, 52, 36, hsl(hue + 220, 40, 25), { rx: 6, stroke: hsl(hue + 190, 90, 80), strokeWidth: 2 });
    }
    const puffs = [-150, 20, 90, -60, -40, 120, 70, -20, 110, 160, 30, 80];
    for (let c = 0; c < s.int(2, 3); c++) {
      const [cx, cy, k] = [s.range(250, 1350), s.range(200, 380), s.range(0.7, 1.2)];
      const fill = s.lin([hsl(0, 0, 100, 0.95), hsl(hue + 220, 40, 85, 0.9)]);
      for (let p = 0; p < puffs.length; p += 3) s.circle(cx + puffs[p]! * k, cy + puffs[p + 1]! * k, puffs[p + 2]! * k, fill);
      s.rect(cx - 150 * k, cy + 10 * k, 310 * k, 100 * k, fill, { rx: 50 * k });
      s.line(P`M${cx} ${cy + 110 * k}V${cy + 200 * k}`, hsl(0, 0, 100, 0.6), 4, { strokeDasharray: "10 12" });
    }
  },
  shield(s, hue) {
    s.sky(hsl(hue + 190, 60, 12), hsl(hue + 210, 55, 24));
    for (let i = 0; i < 34; i++) {
      let [x, y] = [s.range(0, W), s.range(0, H)];
      let d = P`M${x} ${y}`;
      for (let k = s.int(2, 4); k > 0; k--) {
        const [len, dir] = [s.range(60, 240), s.int(0, 3)];
        x += [len, 0, -len, len * 0.7][dir]!;
        y += [0, len, 0, len * 0.7][dir]!;
        d += P`L${x} ${y}`;
      }
      s.line(d, hsl(hue + 170, 80, 55, 0.45), 4);
      s.circle(x, y, 9, hsl(hue + 170, 90, 70));
    }
    const cx = s.range(600, 1000);
    s.glow(cx, 450, 420, hsl(hue + 175, 100, 60, 0.55));
    const [l, r] = [cx - 250, cx + 250];
    const half = P`M${cx} 140C${cx + 90} 190 ${cx + 180} 200 ${r} 200C${r} 470 ${cx + 170} 650 ${cx} 760`;
    const shape = half + P`C${cx - 170} 650 ${l} 470 ${l} 200C${cx - 180} 200 ${cx - 90} 190 ${cx} 140Z`;
    s.path(shape, s.lin([hsl(hue + 175, 70, 55), hsl(hue + 200, 70, 28)], 0, 0, 1, 1), { stroke: hsl(hue + 170, 90, 80), strokeWidth: 8 });
    s.circle(cx, 400, 55, hsl(hue + 200, 60, 12));
    s.path(P`M${cx - 30} 430L${cx - 45} 560H${cx + 45}L${cx + 30} 430Z`, hsl(hue + 200, 60, 12));
  },
  molecule(s, hue) {
    s.sky(hsl(hue + 270, 55, 18), hsl(hue + 300, 50, 38));
    s.bokeh(18, hue + 290);
    for (let i = 0; i < 4; i++) {
      const [x, y, r] = [s.range(100, 1500), s.range(100, 800), s.range(60, 140)];
      const pts = Array.from({ length: 6 }, (_, k) => P`${x + r * Math.cos((k * Math.PI) / 3)} ${y + r * Math.sin((k * Math.PI) / 3)}`);
      s.line(`M${pts.join("L")}Z`, hsl(hue + 190, 70, 75, 0.25), 5);
    }
    const atoms: [number, number, number][] = [[s.range(600, 1000), s.range(380, 520), 76]];
    while (atoms.length < 11) {
      const [px, py] = s.pick(atoms);
      const [a, dist] = [s.range(0, Math.PI * 2), s.range(180, 270)];
      const [x, y] = [px + dist * Math.cos(a), py + dist * Math.sin(a) * 0.8];
      if (x < 100 || x > 1500 || y < 100 || y > 800) continue;
      s.line(P`M${px} ${py}L${x} ${y}`, hsl(0, 0, 90, 0.75), 14, { strokeLinecap: "round" });
      atoms.push([x, y, s.range(34, 72)]);
    }
    for (const [cx, cy, r] of atoms) {
      const [light, dark] = [hsl(hue + s.pick([180, 330, 40]), 85, 80), hsl(hue + s.pick([200, 300]), 70, 30)];
      s.circle(cx, cy, r, s.rad(light, dark, 0.35, 0.3));
    }
  },
  pulse(s, hue) {
    s.sky(hsl(hue + 185, 60, 32), hsl(hue + 205, 65, 58));
    s.bokeh(10, hue + 180);
    s.glow(1250, 300, 260, hsl(0, 0, 100, 0.35));
    s.path("M1200 200h100v50h50v100h-50v50h-100v-50h-50v-100h50Z", hsl(0, 0, 100, 0.9));
    let d = "M0 560";
    for (let x = 0; x < W;) {
      const step = s.range(120, 220);
      if (s.r() < 0.45) {
        d += P`L${x + step * 0.3} 560L${x + step * 0.4} ${560 - s.range(140, 260)}`;
        d += P`L${x + step * 0.5} ${560 + s.range(60, 120)}L${x + step * 0.6} 560`;
      }
      d += P`L${x + step} 560`;
      x += step;
    }
    s.line(d, hsl(hue + 150, 100, 75, 0.35), 24, { strokeLinejoin: "round" });
    s.line(d, hsl(hue + 150, 100, 85), 7, { strokeLinejoin: "round" });
    const hx = s.range(120, 400);
    for (let y = 40; y < 880; y += 24) {
      const [a, b] = [hx + 80 * Math.sin((y / 150) * Math.PI), hx - 80 * Math.sin((y / 150) * Math.PI)];
      s.line(P`M${a} ${y}L${b} ${y}`, hsl(0, 0, 100, 0.35), 4);
      s.circle(a, y, 9, hsl(hue + 330, 70, 75));
      s.circle(b, y, 9, hsl(hue + 190, 80, 85));
    }
  },
  mobility(s, hue) {
    s.sky(hsl(hue + 200, 65, 55), hsl(hue + 40, 70, 85));
    s.glow(s.range(200, 1400), 330, 260, hsl(hue + 45, 100, 92, 0.9));
    s.ridge(470, 40, hsl(hue + 170, 25, 60));
    s.ridge(520, 30, s.lin([hsl(hue + 100, 40, 45), hsl(hue + 100, 45, 25)]));
    const vx = s.range(650, 950);
    s.path(P`M${vx - 20} 470L${vx + 20} 470L1500 ${H}L100 ${H}Z`, s.lin([hsl(hue + 220, 10, 45), hsl(hue + 220, 10, 22)]));
    // The road's markings and the trees beside it in perspective: t is the distance from the horizon.
    for (let t = 0.05; t < 1; t += 0.12) {
      s.rect(vx + (800 - vx) * t * t - 1 - 6 * t, 470 + 430 * t * t, 2 + 12 * t, 4 + 60 * t * t, hsl(0, 0, 96));
    }
    for (const side of [-1, 1])
      for (let t = 0.1; t < 1; t += 0.15) {
        const [x, y] = [vx + side * (40 + 900 * t * t), 470 + 430 * t * t];
        s.rect(x - 3 * t, y - 120 * t, 6 * t + 1, 120 * t, hsl(hue + 25, 35, 25));
        s.glow(x, y - 140 * t, 20 + 90 * t, hsl(hue + 110, 50, 30, 0.95));
      }
    const [c, cx] = [hue + s.pick([190, 0, 140, 270]), s.range(620, 860)];
    const body = P`M${cx - 190} 800V740` + "q0 -30 30 -40l60 -20q50 -70 120 -75h90q70 5 120 70l40 20q20 10 20 40v55Z";
    s.path(body, s.lin([hsl(c, 70, 60), hsl(c, 70, 38)]));
    s.path(P`M${cx - 85} 680` + "q40 -55 95 -60h60q40 5 70 60Z", hsl(hue + 210, 40, 80, 0.9));
    for (const wx of [cx - 100, cx + 130]) {
      s.circle(wx, 800, 42, hsl(0, 0, 12));
      s.circle(wx, 800, 18, hsl(0, 0, 70));
    }
    s.rect(vx + 330, 560, 36, 130, hsl(0, 0, 92), { rx: 8 });
    s.rect(vx + 338, 580, 20, 30, hsl(hue + 140, 90, 55), { rx: 4 });
  },
};

/** Adds a fine luminance grain: a drawing without it has flat areas no photo has. */
function grain(data: Buffer, rand: Rand, amount: number) {
  for (let i = 0; i < data.length; i += 3) {
    const n = (rand() + rand() - 1) * amount;
    for (let c = i; c < i + 3; c++) data[c] = Math.max(0, Math.min(255, data[c]! + n));
  }
}

/** Draws a cover of the motif as a JPEG: the same motif, seed and size give the same bytes. */
export async function drawCover(motif: CoverMotif, seed: number, size = { width: 1600, height: 900 }): Promise<Buffer> {
  const scene = new Scene(prng(seed));
  DRAW[motif](scene, scene.range(-25, 25));
  // A vignette, so the flat drawing reads as a picture.
  scene.el("rect", { width: W, height: H, fill: scene.rad(hsl(0, 0, 0, 0), hsl(0, 0, 0, 0.35), 0.5, 0.45) });
  const svg = Buffer.from(scene.svg(size.width, size.height));
  const { data, info } = await sharp(svg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  grain(data, prng(seed + 1), 9);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

export type LogoMark = "flower" | "gear" | "lighthouse" | "bolt" | "prism";

const around = (n: number, shape: string) => Array.from({ length: n }, (_, i) => shape.replace("$", String((i * 360) / n))).join("");
const MARKS: Record<LogoMark, string> = {
  flower: around(8, `<ellipse cx="200" cy="88" rx="22" ry="52" transform="rotate($ 200 140)"/>`) + `<circle cx="200" cy="140" r="26"/>`,
  gear:
    around(10, `<rect x="186" y="48" width="28" height="40" rx="4" transform="rotate($ 200 140)"/>`) + `<circle cx="200" cy="140" r="66"/>`,
  lighthouse: `<path d="M180 214L188 96h24l8 118Z"/><path d="M176 96h48l-24 -36Z"/><path d="M224 84l86 -34v50ZM176 84l-86 -34v50Z" opacity="0.6"/>`,
  bolt: `<path d="M222 44L150 154h44l-20 82 82 -120h-48Z"/>`,
  prism: `<path d="M200 54L276 200H124Z"/><path d="M60 150L178 130M222 130L340 100M226 140L340 150M230 150L340 200" stroke="#fff" stroke-width="8" opacity="0.7"/>`,
};

/**
 * A newsroom logo, 400 × 400 PNG: the initials of its name on its colour, with a mark above them
 * when given (without one, the same picture the demo has always drawn).
 */
export async function drawLogo(name: string, color: string, mark?: LogoMark): Promise<Buffer> {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
  const text = (y: number, size: number) =>
    `<text x="200" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>`;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">`;
  const gradient = `<linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0.78"/></linearGradient>`;
  const svg = mark
    ? `${open}<defs>${gradient}</defs><rect width="400" height="400" rx="64" fill="#10202c"/><rect width="400" height="400" rx="64" fill="url(#b)"/><g fill="#fff">${MARKS[mark]}</g>${text(340, 96)}</svg>`
    : `${open}<rect width="400" height="400" rx="64" fill="${color}"/>${text(250, 150)}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
