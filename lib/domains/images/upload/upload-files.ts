import type { AiDeclaration } from "../credit";
import { snapshotFiles, type SnapshotFile } from "../snapshots";
import { imageKeys } from "../storage-keys";
import { FORMAT_CONTENT_TYPES, type ImageVariant } from "../variants";
import type { ProcessedUpload } from "./process-upload";

export interface UploadFiles {
  /** Everything to store, in order: the original, the variants, the og variant, the snapshots. */
  files: SnapshotFile[];
  variants: ImageVariant[];
  displayKey: string;
  ogKey: string;
  originalKey: string;
  snapshotRows: ReturnType<typeof snapshotFiles>["rows"];
}

/** The stored files of one upload and their keys (lib/domains/images/storage-keys.ts). */
export function uploadFiles(opts: {
  prefix: string;
  original: Buffer;
  processed: ProcessedUpload;
  customerStatement: string;
  alt: string | null;
  aiDeclaration: AiDeclaration | null;
  takenAt: Date;
}): UploadFiles {
  const { processed } = opts;
  const sha = processed.decoded.sha256;
  const keys = imageKeys(opts.prefix, sha);
  const variants = processed.variants.map((v) => ({
    width: v.width,
    height: v.height,
    format: v.format,
    key: keys.variant(v.width, v.format),
    bytes: v.bytes,
  }));
  const largestJpeg = variants.filter((v) => v.format === "jpeg").sort((a, b) => b.width - a.width)[0]!;
  const ogKey = keys.og(processed.metadataHash);
  const originalKey = keys.original(processed.decoded.format);
  const snapshots = snapshotFiles(
    {
      storagePrefix: opts.prefix,
      bytesSha256: sha,
      metadataHash: processed.metadataHash,
      customerStatement: opts.customerStatement,
      portalLabel: processed.portalLabel,
      alt: opts.alt,
      aiDeclaration: opts.aiDeclaration,
      provenanceFinding: processed.provenance.finding,
      coverJpeg: largestJpeg.bytes,
      ogJpeg: processed.og,
    },
    opts.takenAt,
  );
  return {
    files: [
      { key: originalKey, bytes: opts.original, contentType: processed.decoded.mimeType },
      ...variants.map((v) => ({ key: v.key, bytes: v.bytes, contentType: FORMAT_CONTENT_TYPES[v.format] })),
      { key: ogKey, bytes: processed.og, contentType: "image/jpeg" },
      ...snapshots.files,
    ],
    variants: variants.map(({ width, height, format, key }) => ({ width, height, format, key })),
    displayKey: largestJpeg.key,
    ogKey,
    originalKey,
    snapshotRows: snapshots.rows,
  };
}
