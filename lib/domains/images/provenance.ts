import * as exifrModule from "exifr";
import { configuredSharp } from "@/lib/domains/images/processing/sharp-setup";

// What a file says about its own origin (spec 2.4): IPTC, XMP and EXIF, read with exifr from the
// metadata blocks libvips extracts. sharp finds those blocks in JPEG, PNG, WebP and AVIF alike,
// where exifr's own container parsing covers only some of them.

export type ProvenanceFinding = "none" | "ai_generated" | "algorithmically_enhanced" | "edited" | "error";

export interface Provenance {
  finding: ProvenanceFinding;
  /** What was found: sourceType, software, creator, copyright, credit; parseError on error. */
  details: Record<string, string>;
}

const MAX_DETAIL_LENGTH = 200;

// exifr's XML parsing grows with the square of the nesting: a small PNG can carry megabytes of
// compressed XMP nested thousands deep and hold the event loop for minutes. Real metadata is
// far below these bounds (camera and editor XMP: a few dozen kB, nesting under 20).
export const MAX_METADATA_BLOCK_BYTES = 256 * 1024;
export const MAX_XMP_NESTING = 64;

/** The deepest element nesting of an XML text, counted in one pass without parsing it. */
export function xmlNestingDepth(xml: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = xml.indexOf("<"); i !== -1; i = xml.indexOf("<", i + 1)) {
    const next = xml[i + 1];
    if (next === "/") depth--;
    else if (next !== "?" && next !== "!") {
      const end = xml.indexOf(">", i);
      if (end === -1) break;
      if (xml[end - 1] !== "/") deepest = Math.max(deepest, ++depth);
    }
  }
  return deepest;
}

/** Why a block is not handed to the parser, or null when it may be. */
function unsafeBlock(name: string, block: Buffer): string | null {
  if (block.length > MAX_METADATA_BLOCK_BYTES) return `${name} block too large (${block.length} bytes)`;
  if (name === "xmp" && xmlNestingDepth(block.toString("utf8")) > MAX_XMP_NESTING) return "xmp nested too deep";
  return null;
}

// exifr ships a UMD build (what Node loads) and an ES build (what bundlers and vitest load); only
// one of them has the named export, the other has it on its default object.
const sidecar: typeof exifrModule.sidecar =
  exifrModule.sidecar ?? (exifrModule as unknown as { default: typeof exifrModule }).default.sidecar;

// IPTC digital source types (cv.iptc.org/newscodes/digitalsourcetype), by the finding they mean.
const SOURCE_TYPES: Record<string, Exclude<ProvenanceFinding, "none" | "error">> = {
  trainedalgorithmicmedia: "ai_generated",
  compositewithtrainedalgorithmicmedia: "ai_generated",
  algorithmicmedia: "ai_generated",
  // A note only (spec 2.4): an AI tool improved a real capture.
  algorithmicallyenhanced: "algorithmically_enhanced",
  compositesynthetic: "edited",
  digitalart: "edited",
  humanedits: "edited",
};

/** Editing software that leaves its name in EXIF Software or XMP CreatorTool. */
const KNOWN_EDITORS =
  /photoshop|lightroom|\bgimp\b|affinity photo|capture one|pixelmator|luminar|darktable|rawtherapee|snapseed|photopea|paint\.net|corel|paintshop|canva/i;

const RANK: ProvenanceFinding[] = ["none", "edited", "algorithmically_enhanced", "ai_generated"];
const stronger = (a: ProvenanceFinding, b: ProvenanceFinding) => (RANK.indexOf(b) > RANK.indexOf(a) ? b : a);

type Parsed = Record<string, unknown>;

/** A metadata value as one bounded line: strings, numbers, lists and language alternatives. */
function text(value: unknown): string | undefined {
  if (value == null) return undefined;
  if (Array.isArray(value)) return text(value.map(text).filter(Boolean).join(", "));
  if (typeof value === "object") return text((value as { value?: unknown }).value);
  const line = String(value)
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim();
  return line ? line.slice(0, MAX_DETAIL_LENGTH) : undefined;
}

/** Every value stored under `key` at any depth (XMP namespaces nest, IPTC and EXIF are flat). */
function valuesOf(parsed: Parsed[], key: string): unknown[] {
  const found: unknown[] = [];
  const walk = (node: unknown, depth: number) => {
    if (!node || typeof node !== "object" || depth > 4) return;
    for (const [k, v] of Object.entries(node)) {
      if (k.toLowerCase() === key.toLowerCase()) found.push(v);
      else if (k !== "xmlns") walk(v, depth + 1);
    }
  };
  for (const p of parsed) walk(p, 0);
  return found;
}

const first = (parsed: Parsed[], ...keys: string[]) =>
  keys
    .flatMap((k) => valuesOf(parsed, k))
    .map(text)
    .find(Boolean);

/** The three metadata blocks as libvips found them, parsed by exifr; a block that fails is reported. */
async function parseBlocks(bytes: Buffer): Promise<{ parsed: Parsed[]; failed: string[] }> {
  // Only the header and metadata blocks are read: no pixel limit is needed, nothing is decoded.
  const meta = await configuredSharp()(bytes, { limitInputPixels: false }).metadata();
  const parsed: Parsed[] = [];
  const failed: string[] = [];
  const blocks: [string, Buffer | undefined, string][] = [
    // EXIF arrives with its "Exif\0\0" marker in JPEG and WebP and without it in PNG; exifr wants the TIFF.
    ["exif", meta.exif && meta.exif.toString("latin1", 0, 6) === "Exif\0\0" ? meta.exif.subarray(6) : meta.exif, "tiff"],
    ["xmp", meta.xmp, "xmp"],
    ["iptc", meta.iptc, "iptc"],
  ];
  for (const [name, block, type] of blocks) {
    if (!block?.length) continue;
    const refusal = unsafeBlock(name, block);
    if (refusal) {
      failed.push(refusal);
      continue;
    }
    try {
      const out = await sidecar(block, { tiff: true, exif: true, xmp: true, iptc: true, ifd1: false, reviveValues: true }, type);
      if (out) parsed.push(out as Parsed);
    } catch {
      failed.push(name);
    }
  }
  return { parsed, failed };
}

/**
 * The provenance finding of an uploaded file. An AI source type in IPTC/XMP wins over anything
 * else; a file whose metadata cannot be read is `error`, never `none`.
 */
export async function readProvenance(bytes: Buffer): Promise<Provenance> {
  let blocks;
  try {
    blocks = await parseBlocks(bytes);
  } catch (err) {
    return { finding: "error", details: { parseError: text(err instanceof Error ? err.message : err) ?? "unreadable" } };
  }
  const { parsed, failed } = blocks;
  const details: Record<string, string> = {};
  let finding: ProvenanceFinding = "none";

  const sourceTypes = valuesOf(parsed, "DigitalSourceType")
    .map(text)
    .filter((v): v is string => !!v);
  for (const value of sourceTypes) {
    const code = value.split("/").pop()!.toLowerCase();
    const meaning = SOURCE_TYPES[code];
    if (meaning) finding = stronger(finding, meaning);
  }
  if (sourceTypes.length)
    details.sourceType = sourceTypes
      .map((v) => v.split("/").pop())
      .join(", ")
      .slice(0, MAX_DETAIL_LENGTH);

  const software = first(parsed, "Software", "CreatorTool");
  if (software) {
    details.software = software;
    if (KNOWN_EDITORS.test(software)) finding = stronger(finding, "edited");
  }
  const creator = first(parsed, "creator", "Artist", "Byline");
  const copyright = first(parsed, "rights", "Copyright", "CopyrightNotice");
  const credit = first(parsed, "Credit");
  if (creator) details.creator = creator;
  if (copyright) details.copyright = copyright;
  if (credit) details.credit = credit;

  // Unreadable metadata cannot vouch for "nothing found".
  if (failed.length) {
    details.parseError = `unreadable ${failed.join(", ")}`;
    if (finding === "none") finding = "error";
  }
  return { finding, details };
}
