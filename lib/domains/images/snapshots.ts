import { createHash } from "node:crypto";
import type { Tx } from "@/lib/core/db/client";
import type { AiDeclaration } from "./credit";
import { creditLine } from "./credit";
import { imageKeys } from "./storage-keys";

export interface SnapshotInput {
  storagePrefix: string;
  bytesSha256: string;
  metadataHash: string;
  customerStatement: string | null;
  portalLabel: string | null;
  alt: string | null;
  aiDeclaration: AiDeclaration | null;
  provenanceFinding: string | null;
  /** The image as the portal shows it (the largest JPEG) and the og variant with its credit bar. */
  coverJpeg: Buffer;
  ogJpeg: Buffer;
}

export interface SnapshotFile {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * The evidence snapshot of one declaration (spec 2.4): for the cover and for the og variant, the
 * picture as published plus a JSON of credit and labelling. One per bytes hash and metadata
 * hash: a credit correction makes new ones, the old ones stay.
 */
export interface SnapshotRow {
  variant: "cover" | "og";
  coverPath: string;
  jsonPath: string;
  coverSha256: string;
  jsonSha256: string;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export function snapshotFiles(input: SnapshotInput, takenAt: Date): { files: SnapshotFile[]; rows: SnapshotRow[] } {
  const keys = imageKeys(input.storagePrefix, input.bytesSha256);
  const files: SnapshotFile[] = [];
  const rows: SnapshotRow[] = [];
  for (const variant of ["cover", "og"] as const) {
    const k = keys.snapshot(input.metadataHash, variant);
    const json = {
      variant,
      bytesSha256: input.bytesSha256,
      metadataHash: input.metadataHash,
      credit: creditLine(input),
      customerStatement: input.customerStatement,
      portalLabel: input.portalLabel,
      alt: input.alt,
      labelling: { aiDeclaration: input.aiDeclaration, provenanceFinding: input.provenanceFinding },
      takenAt: takenAt.toISOString(),
    };
    const picture = variant === "cover" ? input.coverJpeg : input.ogJpeg;
    const document = Buffer.from(JSON.stringify(json, null, 2));
    files.push({ key: k.image, bytes: picture, contentType: "image/jpeg" });
    files.push({ key: k.json, bytes: document, contentType: "application/json" });
    rows.push({ variant, coverPath: k.image, jsonPath: k.json, coverSha256: sha256(picture), jsonSha256: sha256(document) });
  }
  return { files, rows };
}

/** Inserts the snapshot rows; a second call for the same hashes adds nothing. */
export async function recordSnapshots(
  tx: Tx,
  imageId: number,
  bytesHash: string,
  metadataHash: string,
  rows: SnapshotRow[],
): Promise<void> {
  await tx.pressReleaseImageSnapshot.createMany({
    data: rows.map((r) => ({ imageId, bytesHash, metadataHash, ...r })),
    skipDuplicates: true,
  });
}
