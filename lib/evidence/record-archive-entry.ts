import type { DbOrTx } from "@/lib/db/client";
import type { ArchiveEntry, ArchiveEntryKind, Prisma } from "@/lib/generated/prisma/client";
import { retentionOnWrite } from "./retention";
import { canonicalJson, signEvidence, verifyEvidence } from "./signing";

export type EvidencePayload = { [key: string]: Prisma.InputJsonValue | null };

export interface ArchiveEntryInput {
  kind: ArchiveEntryKind;
  subjectType: string;
  subjectId: number;
  legalRequestId?: number | null;
  payload: EvidencePayload;
  storagePath?: string | null;
}

type SignedFields = Pick<ArchiveEntry, "kind" | "subjectType" | "subjectId" | "legalRequestId" | "storagePath"> & { payload: unknown };

/**
 * The bytes an entry's signature covers. Retention dates (hold_until, delete_after) are left
 * out on purpose: a legal hold may be extended later without touching the evidence itself.
 */
export function archiveEntrySignedData(entry: SignedFields): string {
  return canonicalJson({
    kind: entry.kind,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    legalRequestId: entry.legalRequestId ?? null,
    payload: entry.payload,
    storagePath: entry.storagePath ?? null,
  });
}

/**
 * Inserts one signed archive entry (current key); pass the caller's transaction. Its hold and
 * delete-after date are set here, for every entry alike (lib/evidence/retention.ts).
 */
export async function recordArchiveEntry(tx: DbOrTx, entry: ArchiveEntryInput, now = new Date()): Promise<ArchiveEntry> {
  // Stored as it is signed: the jsonb round trip keeps the canonical value (dates already strings).
  const payload = JSON.parse(canonicalJson(entry.payload)) as Prisma.InputJsonObject;
  const fields = { kind: entry.kind, subjectType: entry.subjectType, subjectId: entry.subjectId, legalRequestId: entry.legalRequestId ?? null, storagePath: entry.storagePath ?? null };
  const { signature, keyId } = signEvidence(archiveEntrySignedData({ ...fields, payload }));
  const { holdUntil, deleteAfter } = await retentionOnWrite(tx, fields, now);
  return tx.archiveEntry.create({ data: { ...fields, payload, signature, signingKeyId: keyId, holdUntil, deleteAfter } });
}

/** Whether the entry's signature matches its fields under the key it names (current or previous). */
export function verifyArchiveEntry(entry: SignedFields & Pick<ArchiveEntry, "signature" | "signingKeyId">): boolean {
  return verifyEvidence(archiveEntrySignedData(entry), entry.signature, entry.signingKeyId);
}
