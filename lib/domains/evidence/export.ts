import { createHash } from "node:crypto";
import { db } from "@/lib/core/db/client";
import { AppError } from "@/lib/core/errors/errors";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { IMAGE_SUBJECT, RELEASE_SUBJECT } from "./jobs";
import { verifyArchiveEntry } from "./record-archive-entry";
import { canonicalJson, isKnownArchiveKeyId, signEvidence, verifyEvidence } from "./signing";

// The evidence of one release as one signed file: every archive entry with its own signature,
// and for each image the hash of every stored file the evidence points to, read from storage at
// export time. The whole document is signed again, so no entry can be dropped or added unseen.

export const EVIDENCE_EXPORT_FORMAT = "pressdesk-evidence-export/1";
export const EVIDENCE_EXPORT_PREFIX = "evidence/exports/";

export interface ExportedFile {
  role: "original" | "snapshot_cover" | "snapshot_json" | "entry";
  path: string;
  /** SHA-256 of the stored bytes; null when the file is missing from storage. */
  sha256: string | null;
}

export interface ExportedEntry {
  id: number;
  kind: string;
  subjectType: string;
  subjectId: number;
  legalRequestId: number | null;
  payload: unknown;
  storagePath: string | null;
  signature: string;
  signingKeyId: string;
  holdUntil: string | null;
  deleteAfter: string | null;
  createdAt: string;
}

export interface EvidenceExportDocument {
  format: typeof EVIDENCE_EXPORT_FORMAT;
  exportedAt: string;
  release: { id: number; title: string; slug: string };
  /** precheckSnapshot: the image precheck's result, part of the confirmation record (spec 2.4); null when none ran. */
  images: {
    id: number;
    bytesSha256: string;
    publishedEverAt: string | null;
    deletedAt: string | null;
    precheckSnapshot: unknown;
    files: ExportedFile[];
  }[];
  entries: ExportedEntry[];
}

export interface EvidenceExport {
  format: typeof EVIDENCE_EXPORT_FORMAT;
  keyId: string;
  signature: string;
  document: EvidenceExportDocument;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function hashStored(path: string): Promise<string | null> {
  const file = await getFileStorage().get(path);
  return file ? createHash("sha256").update(file.bytes).digest("hex") : null;
}

/** Builds, signs and stores the export of one release; returns its storage key and content. */
export async function exportReleaseEvidence(opts: {
  pressReleaseId: number;
  now?: Date;
}): Promise<{ key: string; document: EvidenceExport }> {
  const now = opts.now ?? new Date();
  const release = await db.pressRelease.findUnique({ where: { id: opts.pressReleaseId }, select: { id: true, title: true, slug: true } });
  if (!release) throw new AppError("not_found", `press release ${opts.pressReleaseId} not found`);
  const images = await db.pressReleaseImage.findMany({
    where: { pressReleaseId: release.id },
    orderBy: { id: "asc" },
    select: {
      id: true,
      bytesSha256: true,
      originalPath: true,
      publishedEverAt: true,
      deletedAt: true,
      precheckSnapshot: true,
      snapshots: { orderBy: { id: "asc" }, select: { coverPath: true, jsonPath: true } },
    },
  });
  const legalRequests = await db.legalRequest.findMany({ where: { pressReleaseId: release.id }, select: { id: true } });
  const entries = await db.archiveEntry.findMany({
    where: {
      OR: [
        { subjectType: IMAGE_SUBJECT, subjectId: { in: images.map((i) => i.id) } },
        { subjectType: RELEASE_SUBJECT, subjectId: release.id },
        { legalRequestId: { in: legalRequests.map((l) => l.id) } },
      ],
    },
    orderBy: { id: "asc" },
  });

  // Files are read with no transaction open; an image's files are those its row and its entries name.
  const exportedImages: EvidenceExportDocument["images"] = [];
  for (const image of images) {
    const paths = new Map<string, ExportedFile["role"]>();
    if (image.originalPath) paths.set(image.originalPath, "original");
    for (const s of image.snapshots) {
      paths.set(s.coverPath, "snapshot_cover");
      paths.set(s.jsonPath, "snapshot_json");
    }
    for (const e of entries)
      if (e.subjectType === IMAGE_SUBJECT && e.subjectId === image.id && e.storagePath && !paths.has(e.storagePath))
        paths.set(e.storagePath, "entry");
    const files: ExportedFile[] = [];
    for (const [path, role] of paths) files.push({ role, path, sha256: await hashStored(path) });
    exportedImages.push({
      id: image.id,
      bytesSha256: image.bytesSha256,
      publishedEverAt: iso(image.publishedEverAt),
      deletedAt: iso(image.deletedAt),
      precheckSnapshot: image.precheckSnapshot ?? null,
      files,
    });
  }

  const document: EvidenceExportDocument = {
    format: EVIDENCE_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    release,
    images: exportedImages,
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      subjectType: e.subjectType,
      subjectId: e.subjectId,
      legalRequestId: e.legalRequestId,
      payload: e.payload,
      storagePath: e.storagePath,
      signature: e.signature,
      signingKeyId: e.signingKeyId,
      holdUntil: iso(e.holdUntil),
      deleteAfter: iso(e.deleteAfter),
      createdAt: e.createdAt.toISOString(),
    })),
  };
  const { signature, keyId } = signEvidence(canonicalJson(document));
  const file: EvidenceExport = { format: EVIDENCE_EXPORT_FORMAT, keyId, signature, document };
  const key = `${EVIDENCE_EXPORT_PREFIX}release-${release.id}-${now.toISOString().replace(/[:.]/g, "-")}.json`;
  await getFileStorage().put(key, Buffer.from(`${JSON.stringify(file, null, 2)}\n`), "application/json");
  return { key, document: file };
}

export interface ExportVerification {
  ok: boolean;
  keyId: string | null;
  /** Why it failed, or the warning an accepted unsigned export carries; null when valid and signed. */
  reason: string | null;
  entries: number;
}

/** path → SHA-256 of each file as it was stored when the export was made. */
function exportedFileHashes(images: unknown): Map<string, string | null> {
  const out = new Map<string, string | null>();
  if (!Array.isArray(images)) return out;
  for (const image of images) {
    if (!isObject(image) || !Array.isArray(image["files"])) continue;
    for (const f of image["files"])
      if (isObject(f) && typeof f["path"] === "string") out.set(f["path"], typeof f["sha256"] === "string" ? f["sha256"] : null);
  }
  return out;
}

/**
 * A signed entry vouches for the bytes of its files: the original's SHA-256 and a snapshot's two
 * files. A file exported with other bytes (swapped or damaged in storage) fails the export.
 */
function fileMismatch(entry: ExportedEntry, hashes: Map<string, string | null>): string | null {
  const p = isObject(entry.payload) ? entry.payload : {};
  const expected: [string | null, unknown][] =
    entry.kind === "image_original"
      ? [[entry.storagePath, p["bytesSha256"]]]
      : entry.kind === "image_snapshot"
        ? [
            [typeof p["coverPath"] === "string" ? p["coverPath"] : null, p["coverSha256"]],
            [entry.storagePath, p["jsonSha256"]],
          ]
        : [];
  for (const [path, sha] of expected) {
    if (!path || typeof sha !== "string" || !hashes.has(path)) continue;
    const actual = hashes.get(path);
    // A file deleted after its retention shows as missing (null) in the export; that is no forgery.
    if (actual !== null && actual !== sha) return `file ${path} does not match its signed SHA-256`;
  }
  return null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function isExportedEntry(v: unknown): v is ExportedEntry {
  return (
    isObject(v) &&
    typeof v["kind"] === "string" &&
    typeof v["subjectType"] === "string" &&
    Number.isInteger(v["subjectId"]) &&
    (v["legalRequestId"] === null || Number.isInteger(v["legalRequestId"])) &&
    (v["storagePath"] === null || typeof v["storagePath"] === "string") &&
    typeof v["signature"] === "string" &&
    typeof v["signingKeyId"] === "string" &&
    "payload" in v
  );
}

/**
 * Checks an export file: its format, the signature over the whole document (current or a
 * previous key; an unknown key id fails), and each entry's own signature. An export without a
 * signature is refused unless `acceptUnsigned`; then it passes with a warning as the reason,
 * as long as its entries verify.
 */
export function verifyEvidenceExport(text: string, opts: { acceptUnsigned: boolean }): ExportVerification {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, keyId: null, reason: "not a JSON document", entries: 0 };
  }
  if (!isObject(parsed) || parsed["format"] !== EVIDENCE_EXPORT_FORMAT)
    return { ok: false, keyId: null, reason: `wrong format: expected "${EVIDENCE_EXPORT_FORMAT}"`, entries: 0 };
  const document = parsed["document"];
  if (!isObject(document) || document["format"] !== EVIDENCE_EXPORT_FORMAT || !Array.isArray(document["entries"])) {
    return { ok: false, keyId: null, reason: "wrong format: the document or its entries are missing", entries: 0 };
  }
  const entries = document["entries"] as unknown[];
  const fail = (keyId: string | null, reason: string): ExportVerification => ({ ok: false, keyId, reason, entries: entries.length });

  const { signature, keyId } = parsed;
  const isUnsigned =
    (signature === undefined || signature === null || signature === "") && (keyId === undefined || keyId === null || keyId === "");
  if (isUnsigned && !opts.acceptUnsigned) return fail(null, "unsigned export: refused without --accept-unsigned");
  if (!isUnsigned) {
    if (typeof signature !== "string" || !signature || typeof keyId !== "string" || !keyId)
      return fail(null, "incomplete signature: keyId and signature are both required");
    if (!isKnownArchiveKeyId(keyId))
      return fail(keyId, `unknown signing key id "${keyId}" (neither ARCHIVE_SIGNING_KEY_ID nor listed in ARCHIVE_PREVIOUS_KEYS)`);
    if (!verifyEvidence(canonicalJson(document), signature, keyId))
      return fail(keyId, `signature does not match the document: altered, or not signed by key "${keyId}"`);
  }
  const signedBy = isUnsigned ? null : (keyId as string);
  const fileHashes = exportedFileHashes(document["images"]);
  for (const [i, entry] of entries.entries()) {
    if (!isExportedEntry(entry)) return fail(signedBy, `entry ${i + 1} is malformed`);
    if (!verifyArchiveEntry(entry as Parameters<typeof verifyArchiveEntry>[0]))
      return fail(signedBy, `entry ${entry.id} (${entry.kind}) has an invalid signature (key "${entry.signingKeyId}")`);
    const mismatch = fileMismatch(entry, fileHashes);
    if (mismatch) return fail(signedBy, `entry ${entry.id} (${entry.kind}): ${mismatch}`);
  }
  if (isUnsigned)
    return {
      ok: true,
      keyId: null,
      reason: "unsigned export accepted (--accept-unsigned): the document as a whole is not authenticated, only its entries are",
      entries: entries.length,
    };
  return { ok: true, keyId: signedBy, reason: null, entries: entries.length };
}
