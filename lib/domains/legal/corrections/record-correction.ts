import type { Tx } from "@/lib/core/db/client";
import type { PressRelease, PressReleaseCorrection, PressReleaseCorrectionKind } from "@/lib/generated/prisma/client";
import { DEFAULT_NOTES } from "./note-text";

/**
 * One entry of the public correction log (insert-only: a published note is never rewritten),
 * in the release's portal and language. An empty note takes the kind's standard wording. The
 * title is the release's as it stands now unless the editor worded one (a withdrawal whose
 * title itself is the problem); the log shows the newest entry's title for all entries of the
 * release (correction-log.ts).
 */
export async function recordCorrection(
  tx: Tx,
  opts: {
    release: Pick<PressRelease, "id" | "portal" | "language" | "title">;
    legalRequestId: number | null;
    kind: PressReleaseCorrectionKind;
    note: string | null;
    title?: string | null;
    now: Date;
  },
): Promise<PressReleaseCorrection> {
  const note = opts.note?.trim() || DEFAULT_NOTES[opts.release.language][opts.kind];
  if (!note) throw new Error(`a ${opts.kind} correction needs a note`);
  return tx.pressReleaseCorrection.create({
    data: {
      pressReleaseId: opts.release.id,
      legalRequestId: opts.legalRequestId,
      kind: opts.kind,
      portal: opts.release.portal,
      language: opts.release.language,
      releaseTitle: opts.title?.trim() || opts.release.title,
      note,
      createdAt: opts.now,
    },
  });
}
