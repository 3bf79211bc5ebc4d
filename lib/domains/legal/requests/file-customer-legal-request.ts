import { companyAbilities, mayActOnRelease, type ReleaseAction } from "@/lib/domains/accounts/abilities";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import type { LegalRequestTrack, ReleaseStatus } from "@/lib/generated/prisma/client";
import { AppError, forbidden, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { legalRequestReceivedMail } from "@/lib/domains/mail/templates/legal-request-received";
import { getLimiter } from "@/lib/core/ratelimit/limiter";
import { lockRelease } from "@/lib/domains/releases/lock";
import { FieldCheck, INTAKE_LIMITS } from "./file-fields";
import { TRACK_LABELS } from "@/lib/domains/legal-terms/request-labels";
import { redactReleaseBody, validateRedactionPassages } from "./redaction";
import { CUSTOMER_TRACKS, OPEN_STATUSES } from "@/lib/domains/legal-terms/request-status";
import { insertWithFreshReference } from "./legal-reference";

export type CustomerTrack = (typeof CUSTOMER_TRACKS)[number];

/** Releases a customer may file about: what readers see now or saw (archived stays reachable). */
export const FILEABLE_STATUSES = ["published", "archived"] as const satisfies readonly ReleaseStatus[];

/**
 * Who in the newsroom may file which track, in the words of the role matrix: correction, change
 * and redaction touch the text, so whoever may edit the release (its author, the owners and
 * responsibles); taking it off the portals is what archiving needs (owners and responsibles).
 */
export const TRACK_ACTION: Record<CustomerTrack, Extract<ReleaseAction, "edit" | "archive">> = {
  correction: "edit",
  change: "edit",
  redaction: "edit",
  depublication: "archive",
};

export function isCustomerTrack(value: unknown): value is CustomerTrack {
  return typeof value === "string" && (CUSTOMER_TRACKS as readonly string[]).includes(value);
}

export interface FileCustomerLegalRequestInput {
  userId: number;
  releaseId: number;
  /** Values as the modal sent them; checked here, so a forged request meets the same rules. */
  track: unknown;
  /** Why: every track needs one. */
  reason: unknown;
  /** Correction and change: the wording asked for. */
  proposedText?: unknown;
  /** Redaction: the passages to remove. */
  passages?: unknown;
  /** Redaction: the redacted text the customer was shown (redactReleaseBody's output)... */
  preview?: unknown;
  /** ...and confirmed having checked. */
  previewConfirmed?: boolean;
  /** Who acts in the customer's session: a request is the customer's own statement; staff acting as the customer file theirs in the admin area. */
  acting?: Acting;
  now?: Date;
}

const REFUSED: Record<(typeof TRACK_ACTION)[CustomerTrack], string> = {
  edit: "Anträge zu dieser Pressemitteilung können ihre Verfasserin oder ihr Verfasser sowie die Inhaber und Verantwortlichen des Newsrooms stellen.",
  archive: "Eine Depublizierung können nur die Inhaber und Verantwortlichen des Newsrooms beantragen.",
};

const sameLines = (text: string) => text.replace(/\r\n?/g, "\n");

function passageList(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.filter((p): p is string => typeof p === "string");
  return typeof raw === "string" ? raw.split(/\r?\n/) : [];
}

/**
 * The customer's request modal (spec 4.4): a correction, change, redaction or depublication of a
 * published (or archived) release of one of their newsrooms. Authorised and checked on the locked
 * release inside the transaction, where the request, its insert-only `received` event, the
 * activity entry and the receipt mail commit together. A redaction is filed only with the
 * preview the customer confirmed, and only if it is exactly what the passages do to the text now.
 */
export async function fileCustomerLegalRequest(input: FileCustomerLegalRequestInput): Promise<{ id: number; reference: string }> {
  assertNotImpersonating(input.acting, "legal_request");
  const now = input.now ?? new Date();
  if (!isRecordId(input.releaseId)) throw notFound("Press release not found.");
  const check = new FieldCheck("de");
  const track: LegalRequestTrack | null = isCustomerTrack(input.track) ? input.track : null;
  if (!track) check.issues.push({ path: "track", message: "Bitte wählen Sie, was Sie beantragen." });
  const reason = check.text("reason", input.reason, { min: INTAKE_LIMITS.textMin, max: INTAKE_LIMITS.textMax });
  const proposedText =
    track === "correction" || track === "change"
      ? check.text("proposedText", input.proposedText, { max: INTAKE_LIMITS.proposedMax })
      : null;
  const rawPassages = track === "redaction" ? passageList(input.passages) : [];
  const preview = track === "redaction" && typeof input.preview === "string" ? input.preview : null;
  if (track === "redaction" && (!preview || input.previewConfirmed !== true)) {
    check.issues.push({
      path: "preview",
      message: "Bitte sehen Sie sich die Vorschau an und bestätigen Sie sie, bevor Sie den Antrag stellen.",
    });
  }
  check.done("Bitte prüfen Sie die markierten Felder.");
  if (!track || reason === null) throw new Error("unreachable: checked above");
  // Counted before the transaction: a refused attempt (a passage too many, a stale preview)
  // cost the same work under the release's lock as a filed one.
  if (!(await getLimiter("customerLegalRequests").limit(`user:${input.userId}`)).success) {
    throw new AppError(
      "rate_limited",
      "Sie haben in der letzten Stunde schon viele Anträge gestellt. Bitte versuchen Sie es später erneut.",
    );
  }

  return db.$transaction(async (tx) => {
    // Race: two requests of one track for one release at once. The release's row lock makes the
    // second wait here; it then finds the first one open below and is refused.
    const release = await lockRelease(tx, input.releaseId);
    const abilities = await companyAbilities(input.userId, release.companyId, tx);
    // Someone else's release answers "not found", as everywhere in the customer area.
    if (!abilities.has("view")) throw notFound("Press release not found.");
    const action = TRACK_ACTION[track as CustomerTrack];
    if (!mayActOnRelease(abilities, release, input.userId, action)) throw forbidden(REFUSED[action]);
    if (release.goneAt || !(FILEABLE_STATUSES as readonly string[]).includes(release.status)) {
      throw new AppError("conflict", "Anträge sind nur zu veröffentlichten oder archivierten Pressemitteilungen möglich.", {
        status: release.status,
      });
    }

    let passages: string[] | null = null;
    let redactionPreview: string | null = null;
    if (track === "redaction") {
      const checked = validateRedactionPassages(release.body, rawPassages);
      if (!checked.ok)
        throw new AppError("validation_failed", "The passages are not valid.", undefined, [
          { path: "passages", message: checked.errors.join(" ") },
        ]);
      // The preview must be the one this text and these passages give now: the customer
      // confirmed what the page will show, not an older text or a hand-made page.
      // Line breaks are compared loosely: a form posts every one of them as CRLF.
      const computed = redactReleaseBody(release.body, checked.passages);
      if (preview === null || sameLines(preview) !== sameLines(computed)) {
        const message =
          "Die Vorschau passt nicht (mehr) zum Text der Pressemitteilung oder zu den gewählten Stellen. Bitte zeigen Sie die Vorschau erneut an und prüfen Sie sie.";
        throw new AppError("validation_failed", "The preview does not match the redaction.", undefined, [{ path: "preview", message }]);
      }
      passages = checked.passages;
      redactionPreview = computed;
    }

    const open = await tx.legalRequest.findFirst({
      where: { pressReleaseId: release.id, track, status: { in: [...OPEN_STATUSES] } },
      select: { id: true, reference: true },
    });
    if (open) {
      throw new AppError(
        "conflict",
        `Zu dieser Pressemitteilung ist bereits ein Antrag auf ${TRACK_LABELS.de[track]} offen (Vorgang ${open.reference}).`,
        { legalRequestId: open.id },
      );
    }

    const user = await tx.user.findUniqueOrThrow({ where: { id: input.userId }, select: { name: true, email: true, locale: true } });
    const request = await insertWithFreshReference(tx, () =>
      tx.legalRequest.create({
        data: {
          track,
          source: "customer",
          status: "received",
          pressReleaseId: release.id,
          companyId: release.companyId,
          requesterUserId: input.userId,
          requesterName: user.name.trim() || user.email,
          requesterEmail: user.email,
          language: user.locale,
          body: reason,
          proposedText: proposedText || null,
          ...(passages ? { redactedPassages: passages, redactionPreview } : {}),
          createdAt: now,
        },
        select: { id: true, reference: true },
      }),
    );
    const facts = {
      source: "customer",
      track,
      pressReleaseId: release.id,
      releaseStatus: release.status,
      contentHash: release.contentHash,
    };
    await tx.legalRequestEvent.create({
      data: { legalRequestId: request.id, type: "received", actorUserId: input.userId, data: facts, createdAt: now },
    });
    await recordActivity(
      {
        actorUserId: input.userId,
        type: ACTIVITY.formIntake,
        path: "legal_request",
        subjectType: "legal_request",
        subjectId: request.id,
        metadata: facts,
      },
      tx,
    );
    const mail = await legalRequestReceivedMail({
      language: user.locale,
      reference: request.reference,
      track,
      name: user.name,
      viaDashboard: true,
    });
    await sendMail({ to: user.email, ...mail, mailType: "legal_request_received" }, tx);
    return { id: request.id, reference: request.reference };
  });
}
