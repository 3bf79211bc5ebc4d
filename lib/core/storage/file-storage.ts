import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { getConfig } from "@/lib/core/config";
import { storagePath } from "./files";
import { s3Storage } from "./s3-storage";

// The one port for stored files (logos, image originals, variants, evidence exports): design.md
// "Files ... go through one storage port". Keys are relative, slash-separated paths such as
// `logos/12/3f9a….webp`. The disk adapter serves the embedded default and single-host setups;
// the S3 adapter (S3, R2, MinIO) serves several instances, which must all see one bucket.

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface ListedFile {
  key: string;
  size: number;
  lastModified: Date;
}

export interface FileStorage {
  /** Writes the whole file or nothing: a reader never sees half of it. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** A missing file is fine. */
  delete(key: string): Promise<void>;
  /**
   * Every file below a folder (`releases/12` lists `releases/12/…`, not `releases/123/…`; "" lists
   * all), fetched page by page; in no particular order.
   */
  list(prefix: string): AsyncIterable<ListedFile>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Keys come from our own code; anything else (`..`, absolute paths, odd characters) is refused. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) throw new Error(`invalid storage key: ${key}`);
}

/** A list prefix as a folder key without its trailing slash ("" for everything); refused like a key. */
export function storageFolder(prefix: string): string {
  const folder = prefix.replace(/\/$/, "");
  if (folder) assertStorageKey(folder);
  return folder;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  avif: "image/avif",
  gif: "image/gif",
  json: "application/json",
  pdf: "application/pdf",
};

// put's temporary name: `${target}.{12 hex}.part`.
const TEMP_FILE = /\.[0-9a-f]{12}\.part$/;

async function* walk(dir: string, keyPrefix: string): AsyncGenerator<ListedFile> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (["ENOENT", "ENOTDIR"].includes((err as NodeJS.ErrnoException).code ?? "")) return;
    throw err;
  }
  for (const entry of entries) {
    const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(full, key);
    } else if (entry.isFile() && !TEMP_FILE.test(entry.name)) {
      // A file deleted between readdir and stat is simply no longer listed.
      const info = await stat(full).catch(() => null);
      if (info) yield { key, size: info.size, lastModified: info.mtime };
    }
  }
}

/** Local disk below the configured storage directory; the content type follows the extension. */
export const diskStorage: FileStorage = {
  async put(key, bytes) {
    assertStorageKey(key);
    const target = storagePath(key);
    await mkdir(dirname(target), { recursive: true });
    // Written aside and renamed: a crash mid-write leaves no truncated file under the key.
    const temp = `${target}.${randomBytes(6).toString("hex")}.part`;
    await writeFile(temp, bytes);
    await rename(temp, target);
  },
  async get(key) {
    assertStorageKey(key);
    try {
      const bytes = await readFile(storagePath(key));
      return { bytes, contentType: CONTENT_TYPES[key.split(".").pop()!.toLowerCase()] ?? "application/octet-stream" };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  },
  async delete(key) {
    assertStorageKey(key);
    await rm(storagePath(key), { force: true });
  },
  async *list(prefix) {
    const folder = storageFolder(prefix);
    yield* walk(storagePath(folder), folder);
  },
};

let override: FileStorage | null = null;
let built: { for: object; storage: FileStorage } | null = null;

/** The configured adapter: S3 when S3_BUCKET is set, else the disk. Built once per configuration. */
export function getFileStorage(): FileStorage {
  if (override) return override;
  const config = getConfig().storage;
  if (config.kind !== "s3") return diskStorage;
  if (built?.for !== config) built = { for: config, storage: s3Storage(config) };
  return built.storage;
}

/** Tests replace the adapter (a storage that fails on write) and restore it with null. */
export function setFileStorageForTests(storage: FileStorage | null): void {
  override = storage;
}
