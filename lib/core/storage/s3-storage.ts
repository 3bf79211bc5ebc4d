import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from "@aws-sdk/client-s3";
import type { Config } from "@/lib/core/config";
import { assertStorageKey, storageFolder, type FileStorage, type ListedFile } from "./file-storage";

// S3-compatible object storage: AWS S3, Cloudflare R2 (region "auto", account endpoint) and MinIO
// (endpoint plus path-style addressing). Every instance of a deployment must name the same bucket.

export type S3StorageConfig = Extract<Config["storage"], { kind: "s3" }>;

const clients = new WeakMap<S3StorageConfig, S3Client>();

/** One client per configuration: it keeps its connection pool between calls. */
function clientFor(config: S3StorageConfig): S3Client {
  let client = clients.get(config);
  if (!client) {
    client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Unset: the SDK's default chain (AWS_* variables, an instance or task role).
      credentials: config.credentials,
    });
    clients.set(config, client);
  }
  return client;
}

function isNotFound(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404;
}

/** The storage port on an S3-compatible bucket; `pageSize` (keys per list request) is for tests. */
export function s3Storage(config: S3StorageConfig, options: { pageSize?: number } = {}): FileStorage {
  const client = clientFor(config);
  const Bucket = config.bucket;
  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      // A single PutObject is atomic: readers see the old object or the whole new one.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
        return { bytes, contentType: res.ContentType ?? "application/octet-stream" };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },
    async *list(prefix): AsyncGenerator<ListedFile> {
      const folder = storageFolder(prefix);
      const pages = paginateListObjectsV2({ client, pageSize: options.pageSize }, { Bucket, Prefix: folder ? `${folder}/` : undefined });
      for await (const page of pages) {
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
        }
      }
    },
  };
}

/** A cheap real round trip for /health: the bucket exists and these credentials may use it. */
export async function probeS3Bucket(config: S3StorageConfig): Promise<void> {
  try {
    await clientFor(config).send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (err) {
    // HEAD answers carry no error text: name the bucket and the status instead.
    if (err instanceof S3ServiceException)
      throw new Error(`bucket ${config.bucket}: ${err.name} (HTTP ${err.$metadata.httpStatusCode ?? "?"})`);
    throw err;
  }
}
