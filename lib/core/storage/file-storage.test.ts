import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/core/config";
import { startS3Server, S3_SERVER_CREDENTIALS } from "@/tests/s3-server";
import { unique } from "@/tests/factories";
import { diskStorage, type FileStorage, type ListedFile } from "./file-storage";
import { storagePath } from "./files";
import { s3Storage, type S3StorageConfig } from "./s3-storage";

// One contract, both adapters: whatever a caller may rely on must hold on the disk and on S3.

const PAGE_SIZE = 3;
let storageDir: string;
let server: Awaited<ReturnType<typeof startS3Server>>;
let s3: FileStorage;
const savedStorageDir = process.env.STORAGE_DIR;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), "pressdesk-storage-"));
  process.env.STORAGE_DIR = storageDir;
  resetConfigForTests();
  server = await startS3Server();
  const config: S3StorageConfig = {
    kind: "s3",
    bucket: server.bucket,
    region: "auto",
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: S3_SERVER_CREDENTIALS,
  };
  s3 = s3Storage(config, { pageSize: PAGE_SIZE });
});

afterAll(async () => {
  await server?.stop();
  if (savedStorageDir === undefined) delete process.env.STORAGE_DIR;
  else process.env.STORAGE_DIR = savedStorageDir;
  resetConfigForTests();
  await rm(storageDir, { recursive: true, force: true });
});

async function listAll(storage: FileStorage, prefix: string): Promise<ListedFile[]> {
  const out: ListedFile[] = [];
  for await (const file of storage.list(prefix)) out.push(file);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

const ADAPTERS: [string, () => FileStorage][] = [
  ["disk", () => diskStorage],
  ["s3", () => s3],
];

describe.each(ADAPTERS)("file storage contract: %s", (_name, adapter) => {
  it("returns what was put, with its content type", async () => {
    const storage = adapter();
    const dir = unique("roundtrip");
    await storage.put(`${dir}/a.json`, Buffer.from('{"a":1}'), "application/json");
    await storage.put(`${dir}/b.avif`, Buffer.from("avif bytes"), "image/avif");
    expect(await storage.get(`${dir}/a.json`)).toEqual({ bytes: Buffer.from('{"a":1}'), contentType: "application/json" });
    expect(await storage.get(`${dir}/b.avif`)).toEqual({ bytes: Buffer.from("avif bytes"), contentType: "image/avif" });
  });

  it("answers null for a missing key and deletes a missing key quietly", async () => {
    const storage = adapter();
    const key = `${unique("missing")}/nothing.png`;
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("deletes, and a deleted key reads as missing", async () => {
    const storage = adapter();
    const key = `${unique("delete")}/x.pdf`;
    await storage.put(key, Buffer.from("%PDF-1.7"), "application/pdf");
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await listAll(storage, key.split("/")[0]!)).toEqual([]);
  });

  it("overwrites a key with shorter content, leaving nothing of the old", async () => {
    const storage = adapter();
    const key = `${unique("overwrite")}/logo.webp`;
    await storage.put(key, Buffer.from("a much longer first version"), "image/webp");
    await storage.put(key, Buffer.from("short"), "image/webp");
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from("short"), contentType: "image/webp" });
  });

  it("lists every key below a folder over several pages, and nothing beside it", async () => {
    const storage = adapter();
    const root = unique("list");
    const keys = Array.from({ length: 3 * PAGE_SIZE + 2 }, (_, i) => `${root}/r/${i % 2 ? "sub/" : ""}f${String(i).padStart(2, "0")}.png`);
    await Promise.all(keys.map((k, i) => storage.put(k, Buffer.alloc(i + 1, i), "image/png")));
    // A sibling whose name merely starts with the folder's name is not inside it.
    await storage.put(`${root}/r2/other.png`, Buffer.from("x"), "image/png");
    await storage.put(`${root}/other.png`, Buffer.from("x"), "image/png");

    const started = Date.now();
    for (const prefix of [`${root}/r`, `${root}/r/`]) {
      const listed = await listAll(storage, prefix);
      expect(listed.map((f) => f.key)).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
      for (const file of listed) {
        expect(file.size).toBe(keys.indexOf(file.key) + 1);
        expect(Math.abs(file.lastModified.getTime() - started)).toBeLessThan(60_000);
      }
    }
    expect((await listAll(storage, root)).length).toBe(keys.length + 2);
    expect(await listAll(storage, `${root}/nothing-here`)).toEqual([]);
    expect((await listAll(storage, "")).map((f) => f.key)).toEqual(expect.arrayContaining([`${root}/other.png`, keys[0]]));
  });

  it("refuses keys and prefixes that could leave their place", async () => {
    const storage = adapter();
    for (const key of ["@/lib/core/x", "/abs", "a//b", "a/../../b", "", "a/./b", "a b"]) {
      await expect(storage.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow("invalid storage key");
      await expect(storage.get(key), key).rejects.toThrow("invalid storage key");
      await expect(storage.delete(key), key).rejects.toThrow("invalid storage key");
    }
    for (const prefix of ["@/lib/core/x", "/abs", "a//b"])
      await expect(listAll(storage, prefix), prefix).rejects.toThrow("invalid storage key");
  });

  it("keeps binary bytes intact", async () => {
    const storage = adapter();
    const png = await sharp({
      create: { width: 48, height: 32, channels: 3, background: "#3366cc", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const everyByte = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7) % 256));
    const dir = unique("binary");
    await storage.put(`${dir}/noise.png`, png, "image/png");
    await storage.put(`${dir}/bytes.bin`, everyByte, "application/octet-stream");
    const back = await storage.get(`${dir}/noise.png`);
    expect(back?.bytes.equals(png)).toBe(true);
    expect((await sharp(back!.bytes).metadata()).width).toBe(48);
    expect((await storage.get(`${dir}/bytes.bin`))?.bytes.equals(everyByte)).toBe(true);
  });
});

describe("disk adapter", () => {
  it("does not list the temporary file of a write in progress", async () => {
    const dir = unique("partial");
    await diskStorage.put(`${dir}/done.png`, Buffer.from("x"), "image/png");
    await writeFile(`${storagePath(`${dir}/next.png`)}.0123456789ab.part`, "half");
    expect((await listAll(diskStorage, dir)).map((f) => f.key)).toEqual([`${dir}/done.png`]);
  });

  it("names gif and avif files by their type", async () => {
    const dir = unique("types");
    await diskStorage.put(`${dir}/a.gif`, Buffer.from("GIF89a"), "image/gif");
    await diskStorage.put(`${dir}/b.AVIF`, Buffer.from("x"), "image/avif");
    expect((await diskStorage.get(`${dir}/a.gif`))?.contentType).toBe("image/gif");
    expect((await diskStorage.get(`${dir}/b.AVIF`))?.contentType).toBe("image/avif");
  });
});

describe("s3 adapter", () => {
  it("lists past the server's default page of 1,000 keys without a page size", async () => {
    const config: S3StorageConfig = {
      kind: "s3",
      bucket: server.bucket,
      region: "auto",
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: S3_SERVER_CREDENTIALS,
    };
    const storage = s3Storage(config);
    const root = unique("many");
    const keys = Array.from({ length: 1100 }, (_, i) => `${root}/k${String(i).padStart(4, "0")}.json`);
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from("1"), "application/json")));
    const listed = await listAll(storage, root);
    expect(listed.length).toBe(1100);
    expect(new Set(listed.map((f) => f.key))).toEqual(new Set(keys));
  });
});
