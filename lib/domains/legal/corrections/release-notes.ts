import type { DbOrTx } from "@/lib/core/db/client";
import type { PressReleaseCorrectionKind } from "@/lib/generated/prisma/client";
import { NOTE_ON_PAGE_KINDS } from "./note-text";

export interface CorrectionNote {
  id: number;
  kind: PressReleaseCorrectionKind;
  createdAt: Date;
  note: string;
}

/**
 * The dated correction notes of releases (corrections, changes, redactions), oldest first: what
 * their pages and feed items print. One query for any number of releases.
 */
export async function correctionNotesOf(client: DbOrTx, releaseIds: readonly number[]): Promise<Map<number, CorrectionNote[]>> {
  const out = new Map<number, CorrectionNote[]>();
  if (!releaseIds.length) return out;
  const rows = await client.pressReleaseCorrection.findMany({
    where: { pressReleaseId: { in: [...releaseIds] }, kind: { in: [...NOTE_ON_PAGE_KINDS] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, pressReleaseId: true, kind: true, createdAt: true, note: true },
  });
  for (const { pressReleaseId, ...note } of rows) out.set(pressReleaseId, [...(out.get(pressReleaseId) ?? []), note]);
  return out;
}
