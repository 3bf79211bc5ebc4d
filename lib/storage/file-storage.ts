import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { randomBytes } from "node:crypto";
import { storagePath } from "./files";

// The one port for stored files (logos, image originals, variants, evidence exports): design.md
// "Files ... go through one storage port". Keys are relative, slash-separated paths such as
// `logos/12/3f9a….webp`. The disk adapter serves the embedded default and single-host setups;
// an object-storage adapter for several instances plugs in here (images and evidence issue).

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface FileStorage {
  /** Writes the whole file or nothing: a reader never sees half of it. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** A missing file is fine. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Keys come from our own code; anything else (`..`, absolute paths, odd characters) is refused. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) throw new Error(`invalid storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = { webp: "image/webp", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", json: "application/json", pdf: "application/pdf" };

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
};

let override: FileStorage | null = null;

/** The configured adapter. */
export function getFileStorage(): FileStorage {
  return override ?? diskStorage;
}

/** Tests replace the adapter (a storage that fails on write) and restore it with null. */
export function setFileStorageForTests(storage: FileStorage | null): void {
  override = storage;
}
