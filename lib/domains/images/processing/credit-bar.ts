import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { OverlayOptions } from "sharp";
import { configuredSharp } from "./sharp-setup";

// The credit burned into the og variant: a semi-transparent dark bar across the bottom with the
// credit in white, so the credit travels with the picture when a link is shared (spec 2.4).

export const CREDIT_BAR_HEIGHT = 52;
/** Black at 58 %: white text stays legible on any photo while the picture shows through. */
const BAR_OPACITY = 0.58;
const FONT_PX = 24;
const PADDING_X = 24;
/** Longer credits are cut before measuring; the bar holds far fewer characters anyway. */
const MAX_GRAPHEMES = 200;
const FONT_RELATIVE = join("node_modules", "dejavu-fonts-ttf", "ttf", "DejaVuSans.ttf");

let fontPath: string | undefined;

/** DejaVu Sans from the dejavu-fonts-ttf package, looked up from the working directory upwards. */
export function creditFontPath(): string {
  if (fontPath) return fontPath;
  for (let dir = process.cwd(); ; dir = dirname(dir)) {
    const candidate = join(dir, FONT_RELATIVE);
    if (existsSync(candidate)) return (fontPath = candidate);
    if (dirname(dir) === dir) break;
  }
  throw new Error(`credit font not found: ${FONT_RELATIVE} (is the dejavu-fonts-ttf package installed?)`);
}

/** Pango markup treats these as syntax; everything else is shown as typed. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** One line of printable text: control characters and line breaks become spaces. */
function singleLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

async function renderText(text: string): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await configuredSharp()({
    text: {
      text: `<span foreground="#ffffff">${escapeMarkup(text)}</span>`,
      font: `DejaVu Sans ${FONT_PX}`,
      fontfile: creditFontPath(),
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/** The credit as rendered text no wider than maxWidth: cut at a character and ended with "…". */
async function fittedText(credit: string, maxWidth: number) {
  const graphemes = Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(credit), (s) => s.segment);
  const whole = graphemes.length <= MAX_GRAPHEMES ? await renderText(credit) : null;
  if (whole && whole.width <= maxWidth) return whole;
  const cut = (n: number) => `${graphemes.slice(0, n).join("").trimEnd()}…`;
  // The longest prefix that fits, by bisection: rendering a line costs about a millisecond.
  let lo = 0;
  let hi = Math.min(graphemes.length, MAX_GRAPHEMES);
  let best = await renderText("…");
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const attempt = await renderText(cut(mid));
    if (attempt.width <= maxWidth) {
      best = attempt;
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}

/** Overlays for sharp's composite: the bar and the credit on it; none for an empty credit. */
export async function creditBarOverlays(credit: string, frame: { width: number; height: number }): Promise<OverlayOptions[]> {
  const line = singleLine(credit);
  if (!line) return [];
  const barTop = frame.height - CREDIT_BAR_HEIGHT;
  const text = await fittedText(line, frame.width - 2 * PADDING_X);
  return [
    {
      input: {
        create: { width: frame.width, height: CREDIT_BAR_HEIGHT, channels: 4, background: { r: 0, g: 0, b: 0, alpha: BAR_OPACITY } },
      },
      left: 0,
      top: barTop,
    },
    // The rendered text is cropped to its ink, so centring it centres the letters in the bar.
    { input: text.png, left: PADDING_X, top: barTop + Math.max(0, Math.round((CREDIT_BAR_HEIGHT - text.height) / 2)) },
  ];
}
