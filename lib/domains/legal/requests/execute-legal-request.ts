import { assertCan } from "@/lib/domains/accounts/permissions";
import { db, type Tx } from "@/lib/core/db/client";
import type {
  ArchiveEntry,
  LegalRequest,
  PressRelease,
  PressReleaseCorrection,
  PressReleaseCorrectionKind,
} from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { applyCorrectedText } from "@/lib/domains/legal/corrections/apply-corrected-text";
import { applyRedaction, passagesOf } from "@/lib/domains/legal/corrections/apply-redaction";
import { recordCorrection } from "@/lib/domains/legal/corrections/record-correction";
import type { TextState } from "@/lib/domains/legal/corrections/rewrite-release-text";
import { notifyLegalRequestExecuted } from "@/lib/domains/legal/requests/notify-legal-request-executed";
import { notifyReleaseCorrected } from "@/lib/domains/mail/notifications/notify-release-corrected";
import type { Actor } from "@/lib/domains/releases/history";
import { lockRelease } from "@/lib/domains/releases/lock";
import { moveRelease } from "@/lib/domains/releases/moves";
import { advanceLegalRequest } from "./advance-legal-request";
import { optionalLogTitle, optionalNote, requiredNote } from "./editor-note";
import { lockLegalRequest } from "./lock-legal-request";
import { recordLegalRequestEvidence } from "./record-legal-request-evidence";
import { resolveReleaseReference } from "./resolve-release-reference";
import { canTakeStep, measuresFor, PUBLIC_KINDS, type Measure } from "@/lib/domains/legal-terms/request-status";

export interface ExecuteLegalRequestOptions {
  legalRequestId: number;
  adminUserId: number;
  measure: Measure;
  /** The editor's note in the evidence trail; required when nothing changes on a release. */
  note?: string | null;
  /** The public correction note; required for a correction or change, standard wording otherwise. */
  publicNote?: string | null;
  /** A depublication: the title the correction log shows for the release; its own when empty. */
  logTitle?: string | null;
  /** Correction and change: the wording the editor settled on. */
  text?: { title: string; lead?: string | null; body: string } | null;
  /** A public report's redaction: the passages the editor removes (a customer's redaction brings its own). */
  passages?: readonly string[] | null;
  /** A public report: the release concerned, by number or address, when the request names none or another one. */
  releaseReference?: string | null;
  now?: Date;
}

export interface ExecutedLegalRequest {
  request: LegalRequest;
  correction: PressReleaseCorrection | null;
  archiveEntry: ArchiveEntry;
}

/** Rendering the two mails runs inside the transaction, as the outbox wants it. */
const EXECUTE_TIMEOUT_MS = 20_000;

const isPublicKind = (track: LegalRequest["track"]) => (PUBLIC_KINDS as readonly string[]).includes(track);

const stateOf = (r: PressRelease): TextState => ({ title: r.title, lead: r.lead, body: r.body, contentHash: r.contentHash });

/** The release the measure is about: the one the editor names for a public report, else the request's own. */
async function releaseIdFor(tx: Tx, request: LegalRequest, opts: ExecuteLegalRequestOptions): Promise<number | null> {
  const reference = opts.releaseReference?.trim();
  if (reference && isPublicKind(request.track)) return resolveReleaseReference(tx, reference);
  return request.pressReleaseId;
}

/** Which entry of the public log a measure writes (none for "none"). */
function correctionKindOf(request: LegalRequest, measure: Measure): PressReleaseCorrectionKind | null {
  if (measure === "text") return request.track === "change" ? "change" : "correction";
  if (measure === "redact") return "redaction";
  if (measure === "depublish") return "withdrawal";
  return null;
}

/**
 * Carries out an approved request (approved → executed) in one transaction: the measure on the
 * release (new wording, redaction or depublication, through the same paths every other edit and
 * move takes), one entry of the public correction log, the signed archive entry with the
 * release's state before and after, the insert-only event and the activity entry, and the
 * `LegalRequestExecuted` mail (plus `press_release_corrected` to an author who did not ask)
 * queued in the outbox, which delivers it after the commit. Authorized again inside: an editor
 * whose compliance:manage was revoked changes nothing.
 */
export async function executeLegalRequest(opts: ExecuteLegalRequestOptions): Promise<ExecutedLegalRequest> {
  const now = opts.now ?? new Date();
  const measure = opts.measure;
  const note =
    measure === "none"
      ? requiredNote(opts.note, "note", "Bitte vermerken Sie, warum an der Pressemitteilung nichts geändert wird.")
      : optionalNote(opts.note, "note");
  const publicNote =
    measure === "text"
      ? requiredNote(opts.publicNote, "publicNote", "Bitte formulieren Sie die öffentliche Korrekturnotiz.")
      : optionalNote(opts.publicNote, "publicNote");
  const logTitle = measure === "depublish" ? optionalLogTitle(opts.logTitle, "logTitle") : null;
  const actor: Actor = { type: "admin", userId: opts.adminUserId };

  return db.$transaction(
    async (tx) => {
      await assertCan(opts.adminUserId, "compliance:manage", tx);
      // Race: two editors execute at once, or one executes while the requester withdraws. The
      // request is locked first, the release second (the one order every path here takes).
      const request = await lockLegalRequest(tx, opts.legalRequestId);
      if (!canTakeStep(request.status, "execute"))
        throw new AppError("conflict", `Only an approved request is executed; this one is ${request.status}.`, { status: request.status });
      if (!measuresFor(request.track).includes(measure)) {
        throw new AppError("validation_failed", `The measure ${measure} does not fit a ${request.track} request.`, undefined, [
          { path: "measure", message: "Diese Maßnahme passt nicht zu diesem Anliegen." },
        ]);
      }
      const releaseId = await releaseIdFor(tx, request, opts);
      if (measure !== "none" && releaseId === null) {
        throw new AppError("validation_failed", "The measure needs a release.", undefined, [
          { path: "release", message: "Bitte nennen Sie die betroffene Pressemitteilung." },
        ]);
      }
      // Race: the newsroom archives, a paid change lands or another measure runs on the same
      // release meanwhile; the row lock makes them wait, and every check below sees the result.
      const before =
        releaseId === null
          ? null
          : measure === "none"
            ? await tx.pressRelease.findFirst({ where: { id: releaseId, deletedAt: null } })
            : await lockRelease(tx, releaseId);

      const passages = measure === "redact" ? passagesOf(request.track === "redaction" ? request.redactedPassages : opts.passages) : null;
      if (before && measure === "text") {
        if (!opts.text)
          throw new AppError("validation_failed", "The corrected text is missing.", undefined, [
            { path: "body", message: "Bitte geben Sie den korrigierten Text an." },
          ]);
        await applyCorrectedText(tx, {
          release: before,
          text: { title: opts.text.title, lead: opts.text.lead ?? null, body: opts.text.body },
          actor,
          legalRequestId: request.id,
          now,
        });
      } else if (before && measure === "redact") {
        await applyRedaction(tx, { release: before, passages: passages ?? [], actor, legalRequestId: request.id, now });
      } else if (before && measure === "depublish") {
        await moveRelease({ releaseId: before.id, move: "depublish", actor, reason: `legal request ${request.id}`, now }, tx);
      }
      const after = before ? await tx.pressRelease.findUniqueOrThrow({ where: { id: before.id } }) : null;

      const kind = correctionKindOf(request, measure);
      const correction =
        after && kind
          ? await recordCorrection(tx, { release: after, legalRequestId: request.id, kind, note: publicNote, title: logTitle, now })
          : null;
      const archiveEntry = await recordLegalRequestEvidence(tx, request, {
        measure,
        note,
        publicNote: correction?.note ?? null,
        passages,
        correctionId: correction?.id ?? null,
        executedByUserId: opts.adminUserId,
        executedAt: now,
        release:
          before && after
            ? { row: after, statusBefore: before.status, statusAfter: after.status, before: stateOf(before), after: stateOf(after) }
            : null,
      });
      const executed = await advanceLegalRequest(tx, {
        request,
        step: "execute",
        actorUserId: opts.adminUserId,
        note,
        data: {
          executedAt: now,
          publicNote: correction?.note ?? null,
          pressReleaseId: after?.id ?? request.pressReleaseId,
          companyId: after?.companyId ?? request.companyId,
        },
        eventData: {
          measure,
          pressReleaseId: after?.id ?? null,
          releaseLinked: !!after && after.id !== request.pressReleaseId,
          correctionId: correction?.id ?? null,
          archiveEntryId: archiveEntry.id,
          contentHashBefore: before?.contentHash ?? null,
          contentHashAfter: after?.contentHash ?? null,
        },
        now,
      });

      // Queued in this transaction; the outbox delivers them once it commits.
      await notifyLegalRequestExecuted({ legalRequestId: request.id, now }, tx);
      if (after && (measure === "text" || measure === "redact") && after.authorUserId !== request.requesterUserId) {
        await notifyReleaseCorrected({ releaseId: after.id, note: correction?.note ?? null }, tx);
      }
      return { request: executed, correction, archiveEntry };
    },
    { timeout: EXECUTE_TIMEOUT_MS },
  );
}
