import type { DbOrTx } from "@/lib/core/db/client";
import type { ArchiveEntry, ArchiveEntryKind, Prisma } from "@/lib/generated/prisma/client";
import { deleteAfterFor, holdInForce } from "./retention";
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
 * Inserts signed archive entries (current key) of release `releaseId`, the release their subject
 * belongs to (null: none, like a legal request about no release); pass the caller's transaction.
 * Their hold and delete-after dates are set here, for every entry alike (lib/domains/evidence/retention.ts):
 * the hold in force on the release, asked once for all of them.
 */
export async function recordArchiveEntries(
  tx: DbOrTx,
  releaseId: number | null,
  entries: ArchiveEntryInput[],
  now = new Date(),
): Promise<ArchiveEntry[]> {
  if (!entries.length) return [];
  const holdUntil = await holdInForce(tx, releaseId, now);
  const recorded: ArchiveEntry[] = [];
  for (const entry of entries) {
    // Stored as it is signed: the jsonb round trip keeps the canonical value (dates already strings).
    const payload = JSON.parse(canonicalJson(entry.payload)) as Prisma.InputJsonObject;
    const fields = {
      kind: entry.kind,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      legalRequestId: entry.legalRequestId ?? null,
      storagePath: entry.storagePath ?? null,
    };
    const { signature, keyId } = signEvidence(archiveEntrySignedData({ ...fields, payload }));
    recorded.push(
      await tx.archiveEntry.create({
        data: { ...fields, payload, signature, signingKeyId: keyId, holdUntil, deleteAfter: deleteAfterFor(entry.kind, now) },
      }),
    );
  }
  return recorded;
}

/** One entry of release `releaseId` (recordArchiveEntries). */
export async function recordArchiveEntry(
  tx: DbOrTx,
  releaseId: number | null,
  entry: ArchiveEntryInput,
  now = new Date(),
): Promise<ArchiveEntry> {
  const [recorded] = await recordArchiveEntries(tx, releaseId, [entry], now);
  return recorded!;
}

/** Whether the entry's signature matches its fields under the key it names (current or previous). */
export function verifyArchiveEntry(entry: SignedFields & Pick<ArchiveEntry, "signature" | "signingKeyId">): boolean {
  return verifyEvidence(archiveEntrySignedData(entry), entry.signature, entry.signingKeyId);
}
