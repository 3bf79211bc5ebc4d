import { randomBytes } from "node:crypto";
import type { ImageFormat } from "./variants";

// Where an upload's files live. Public files sit under img/ (the media route serves only those,
// and only for deliverable images); originals and snapshots under evidence/ (never served).
// Names carry the hashes, so a key never points to other bytes and caches can keep it for good.

const EXT: Record<ImageFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

export const newStoragePrefix = (): string => randomBytes(8).toString("hex");

export const imageKeys = (prefix: string, sha256: string) => ({
  variant: (width: number, format: ImageFormat) => `img/${prefix}/${sha256.slice(0, 16)}-${width}.${EXT[format]}`,
  og: (metadataHash: string) => `img/${prefix}/${sha256.slice(0, 16)}-${metadataHash.slice(0, 12)}-og.jpg`,
  original: (format: ImageFormat | "png") => `evidence/originals/${prefix}/${sha256}.${format === "png" ? "png" : EXT[format]}`,
  snapshot: (metadataHash: string, variant: "cover" | "og") => ({
    image: `evidence/snapshots/${prefix}/${sha256.slice(0, 16)}-${metadataHash.slice(0, 12)}-${variant}.jpg`,
    json: `evidence/snapshots/${prefix}/${sha256.slice(0, 16)}-${metadataHash.slice(0, 12)}-${variant}.json`,
  }),
});

/** The public prefix of a stored key (`img/<prefix>/...`), or null. */
export function prefixOfPublicKey(key: string): string | null {
  const m = /^img\/([0-9a-f]{16})\/[a-z0-9.-]+$/.exec(key);
  return m ? m[1]! : null;
}
