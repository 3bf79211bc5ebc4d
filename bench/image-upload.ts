// Image uploads at the size press photos arrive in: a generated 12-megapixel JPEG (grain and
// gradients, ~3.3 MB) goes through the upload's own pipeline, processUpload (checked decode,
// provenance, the precheck with the embedded analyser, 9 display variants, og variant with
// credit bar), and uploadFiles' every file (original, variants, og, snapshots) is written through
// the storage port (disk, a throwaway STORAGE_DIR); only the row's transaction is left out. Measured: one upload alone, then 20 started at
// once. Resident memory is sampled every 50 ms; the target is a peak under 300 MB for the process.
//
// glibc's allocator keeps freed memory in one arena per thread, and libvips and the AV1 encoder
// allocate from many threads, so the same work weighs far more under glibc's defaults than with
// MALLOC_ARENA_MAX=2 (sharp's documented remedy; the variable is read at process start). Each
// setting is therefore measured in a fresh child process, the input made in another one.
// A benchmark, not a test: it prints. Usage: npx tsx bench/image-upload.ts [--uploads=20]
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import sharp from "sharp";
import { getConfig } from "@/lib/core/config";
import { embeddedAnalyser } from "@/lib/domains/images/precheck/embedded-analyser";
import { processUpload } from "@/lib/domains/images/upload/process-upload";
import { uploadFiles } from "@/lib/domains/images/upload/upload-files";
import { configuredSharp, IMAGE_SLOTS, imageSlotUsage } from "@/lib/domains/images/processing/sharp-setup";
import { photoLikeJpeg } from "@/tests/image-test-helpers";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { runBench } from "./support";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const UPLOADS = Number(arg("uploads") ?? 20);
const TARGET_MB = 300;
const ANALYSER_TARGET_MS = 150;
const ALLOCATORS: { label: string; env: Record<string, string> }[] = [
  { label: "glibc defaults", env: {} },
  { label: "MALLOC_ARENA_MAX=2", env: { MALLOC_ARENA_MAX: "2" } },
];

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (() => void) | undefined;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The highest resident memory seen while `fn` runs, sampled every 50 ms. */
async function measured<T>(fn: () => Promise<T>): Promise<{ result: T; wall: number; peakRss: number; peakWaiting: number }> {
  let peakRss = process.memoryUsage().rss;
  let peakWaiting = 0;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    peakWaiting = Math.max(peakWaiting, imageSlotUsage().waiting);
  }, 50);
  const started = performance.now();
  try {
    const result = await fn();
    return { result, wall: performance.now() - started, peakRss: Math.max(peakRss, process.memoryUsage().rss), peakWaiting };
  } finally {
    clearInterval(timer);
  }
}

/** One upload as the service handles it: process, then store every file it keeps. */
async function upload(bytes: Buffer, n: number): Promise<{ ms: number; storedBytes: number }> {
  const started = performance.now();
  const declaration = { customerStatement: "Example GmbH · Photo: Jane Doe", alt: "Bench photo", aiDeclaration: null };
  const processed = await processUpload({ bytes, ...declaration, language: "de", focusX: 0.5, focusY: 0.4, noCrop: false });
  const planned = uploadFiles({
    prefix: `${String(n).padStart(4, "0")}${processed.decoded.sha256.slice(0, 12)}`,
    original: bytes,
    processed,
    ...declaration,
    takenAt: new Date(),
  });
  const storage = getFileStorage();
  for (const f of planned.files) await storage.put(f.key, f.bytes, f.contentType);
  return { ms: performance.now() - started, storedBytes: planned.files.reduce((sum, f) => sum + f.bytes.length, 0) };
}

/** One allocator setting, in this (child) process: one upload, then UPLOADS at once. */
async function measure(inputPath: string, label: string): Promise<void> {
  process.env.STORAGE_DIR = await mkdtemp(join(tmpdir(), "pressdesk-image-bench-store-"));
  delete process.env.S3_BUCKET;
  // The precheck is part of an upload where it is switched on; measured with the embedded analyser.
  process.env.IMAGE_PRECHECK = "true";
  process.env.IMAGE_PRECHECK_STAGE = "2";
  try {
    configuredSharp();
    const start = process.memoryUsage().rss;
    const photo = await readFile(inputPath);
    gc?.();
    const baseline = process.memoryUsage().rss;
    const one = await measured(() => upload(photo, 0));
    gc?.();
    const before = process.memoryUsage().rss;
    // The same bytes for every upload, as one generated photo; sharp's cache is off, so nothing is reused.
    const many = await measured(() => Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(photo, i + 1))));
    const times = many.result.map((r) => r.ms).sort((a, b) => a - b);
    const peak = Math.max(one.peakRss, many.peakRss);
    console.log(`\n${label}: rss after start ${mb(start)}, baseline ${mb(baseline)}`);
    console.log(
      `  1 upload:     wall ${seconds(one.wall)}, ${mb(one.result.storedBytes)} stored, peak rss ${mb(one.peakRss)} (+${mb(one.peakRss - baseline)})`,
    );
    console.log(
      `  ${UPLOADS} at once:   wall ${seconds(many.wall)} (${(UPLOADS / (many.wall / 1000)).toFixed(2)} uploads/s), each ${seconds(times[0]!)}–${seconds(times.at(-1)!)} with the queue, ` +
        `up to ${many.peakWaiting} waiting; rss before ${mb(before)}, peak ${mb(many.peakRss)} (+${mb(many.peakRss - baseline)})`,
    );
    console.log(
      `  verdict:      ${peak / 1024 / 1024 <= TARGET_MB ? "PASS" : "FAIL"}: peak rss ${mb(peak)} against the ${TARGET_MB} MB target`,
    );
  } finally {
    await rm(process.env.STORAGE_DIR, { recursive: true, force: true });
  }
}

/** The precheck's embedded analyser on its own input (spec 8: longer side 1024 px, JPEG), warm. */
async function analyserAlone(photo: Buffer): Promise<void> {
  const jpeg = await sharp(photo).resize({ width: 1024, height: 1024, fit: "inside" }).jpeg().toBuffer();
  const input = { jpeg, dataUri: `data:image/jpeg;base64,${jpeg.toString("base64")}` };
  await embeddedAnalyser.analyse(input);
  const times: number[] = [];
  for (let k = 0; k < 5; k++) {
    const started = performance.now();
    await embeddedAnalyser.analyse(input);
    times.push(performance.now() - started);
  }
  const best = Math.min(...times);
  const { width, height } = await sharp(jpeg).metadata();
  console.log(
    `precheck analyser alone: ${width} × ${height} input, warm, 5 runs: best ${best.toFixed(0)} ms, median ${times.sort((a, b) => a - b)[2]!.toFixed(0)} ms (target < ${ANALYSER_TARGET_MS} ms: ${best < ANALYSER_TARGET_MS ? "PASS" : "FAIL"})`,
  );
}

function child(args: string[], env: Record<string, string> = {}): void {
  const run = spawnSync(process.execPath, ["--import", "tsx", process.argv[1]!, ...args], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) throw new Error(`bench child ${args.join(" ")} failed (exit ${run.status})`);
}

async function main() {
  const writeInput = arg("write-input");
  if (writeInput) return writeFile(writeInput, await photoLikeJpeg(4000, 3000));
  const inputPath = arg("measure");
  if (inputPath) return measure(inputPath, arg("label") ?? "");

  const dir = await mkdtemp(join(tmpdir(), "pressdesk-image-bench-"));
  try {
    const input = join(dir, "input.jpg");
    child([`--write-input=${input}`]);
    const photo = await readFile(input);
    const meta = await sharp(photo).metadata();
    console.log(`machine: ${cpus().length} cores, node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips})`);
    console.log(
      `settings: ${IMAGE_SLOTS} image slot(s), sharp concurrency ${getConfig().images.sharpConcurrency}, sharp cache off, disk storage`,
    );
    console.log(
      `input: ${meta.width} × ${meta.height} JPEG, ${mb(photo.length)}; outputs per upload: original, 9 variants, og, 2 snapshots (picture + JSON each); precheck (embedded analyser) on`,
    );
    await analyserAlone(photo);
    for (const { label, env } of ALLOCATORS) child([`--measure=${input}`, `--label=${label}`, `--uploads=${UPLOADS}`], env);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

runBench(main);
