import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/core/config";
import { HEALTH_CHECKS } from "@/lib/adapters/operations/health";
import { startS3Server, S3_SERVER_CREDENTIALS } from "@/tests/s3-server";
import { unique } from "@/tests/factories";
import { configureEnv } from "@/tests/test-env";
import { diskStorage, getFileStorage, setFileStorageForTests, type FileStorage } from "./file-storage";
import { eraseFiles } from "./files";
import { s3Storage, type S3StorageConfig } from "./s3-storage";

// Which adapter the configuration picks, and the callers that go through it (erasing, /health).

const S3_ENV = [
  "S3_BUCKET",
  "S3_REGION",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "STORAGE_DIR",
] as const;
const saved = Object.fromEntries(S3_ENV.map((k) => [k, process.env[k]]));
let server: Awaited<ReturnType<typeof startS3Server>>;
let storageDir: string;
let bucket: FileStorage;

function useEnv(values: Partial<Record<(typeof S3_ENV)[number], string>>): void {
  configureEnv(Object.fromEntries(S3_ENV.filter((k) => k !== "STORAGE_DIR").map((k) => [k, values[k]])));
}

const s3Env = () => ({
  S3_BUCKET: server.bucket,
  S3_ENDPOINT: server.endpoint,
  S3_FORCE_PATH_STYLE: "true",
  S3_ACCESS_KEY_ID: S3_SERVER_CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3_SERVER_CREDENTIALS.secretAccessKey,
});

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), "pressdesk-storage-"));
  process.env.STORAGE_DIR = storageDir;
  server = await startS3Server();
  const config: S3StorageConfig = {
    kind: "s3",
    bucket: server.bucket,
    region: "auto",
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: S3_SERVER_CREDENTIALS,
  };
  bucket = s3Storage(config);
});

afterEach(() => {
  setFileStorageForTests(null);
  useEnv({});
});

afterAll(async () => {
  await server?.stop();
  configureEnv(saved);
  await rm(storageDir, { recursive: true, force: true });
});

describe("getFileStorage", () => {
  it("stores in the configured S3 bucket when S3_BUCKET is set, and on the disk otherwise", async () => {
    useEnv(s3Env());
    const key = `${unique("pick")}/a.png`;
    const storage = getFileStorage();
    expect(storage).not.toBe(diskStorage);
    // Built once for the configuration, not per call.
    expect(getFileStorage()).toBe(storage);
    await storage.put(key, Buffer.from("in the bucket"), "image/png");
    expect((await bucket.get(key))?.bytes.toString()).toBe("in the bucket");
    expect(await diskStorage.get(key)).toBeNull();

    useEnv({});
    expect(getConfig().storage.kind).toBe("disk");
    expect(getFileStorage()).toBe(diskStorage);
    expect(await getFileStorage().get(key)).toBeNull();
  });

  it("gives a replacement set for tests precedence, and restores the configured one", async () => {
    useEnv(s3Env());
    const fake: FileStorage = { ...diskStorage };
    setFileStorageForTests(fake);
    expect(getFileStorage()).toBe(fake);
    setFileStorageForTests(null);
    expect(getFileStorage()).not.toBe(fake);
    expect(getFileStorage()).not.toBe(diskStorage);
  });
});

describe("eraseFiles", () => {
  it("erases through the configured adapter, skipping empty paths and missing files", async () => {
    useEnv(s3Env());
    const dir = unique("erase");
    await bucket.put(`${dir}/a.webp`, Buffer.from("a"), "image/webp");
    await bucket.put(`${dir}/b.json`, Buffer.from("{}"), "application/json");
    await bucket.put(`${dir}/keep.pdf`, Buffer.from("%PDF"), "application/pdf");
    await eraseFiles([`${dir}/a.webp`, null, undefined, "", `${dir}/b.json`, `${dir}/never-stored.png`]);
    const left: string[] = [];
    for await (const f of bucket.list(dir)) left.push(f.key);
    expect(left).toEqual([`${dir}/keep.pdf`]);
  });

  it("tries every file and then reports the first failure", async () => {
    const deleted: string[] = [];
    setFileStorageForTests({
      ...diskStorage,
      async delete(key) {
        if (key === "bad/one.png") throw new Error("storage down");
        deleted.push(key);
      },
    });
    await expect(eraseFiles(["ok/one.png", "bad/one.png", "ok/two.png"])).rejects.toThrow("storage down");
    expect(deleted.sort()).toEqual(["ok/one.png", "ok/two.png"]);
  });

  it("refuses a path that could leave the storage", async () => {
    await expect(eraseFiles(["@/lib/core/outside.png"])).rejects.toThrow("invalid storage key");
  });
});

describe("storage health check", () => {
  it("asks the S3 bucket, and fails when it does not exist", async () => {
    useEnv(s3Env());
    expect(await HEALTH_CHECKS.disk!()).toBe(`bucket ${server.bucket} reachable`);
    useEnv({ ...s3Env(), S3_BUCKET: "pressdesk-no-such-bucket" });
    await expect(HEALTH_CHECKS.disk!()).rejects.toThrow("bucket pressdesk-no-such-bucket: NotFound (HTTP 404)");
  });

  it("measures free disk space without S3", async () => {
    useEnv({});
    expect(await HEALTH_CHECKS.disk!()).toMatch(/^\d+ GiB free$/);
  });
});
