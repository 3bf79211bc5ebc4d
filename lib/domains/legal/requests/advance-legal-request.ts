import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY, type ActivityType } from "@/lib/domains/activity/types";
import type { Tx } from "@/lib/core/db/client";
import type { LegalRequest, Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";
import { canTakeStep, LEGAL_REQUEST_STEPS, type LegalRequestStep } from "@/lib/domains/legal-terms/request-status";

/** The activity entry and the event type each step writes. */
const WRITES: Record<LegalRequestStep, { activity: ActivityType; event: string }> = {
  start_review: { activity: ACTIVITY.legalRequestReviewStarted, event: "review_started" },
  approve: { activity: ACTIVITY.legalRequestApproved, event: "approved" },
  reject: { activity: ACTIVITY.legalRequestRejected, event: "rejected" },
  execute: { activity: ACTIVITY.legalRequestExecuted, event: "executed" },
  withdraw: { activity: ACTIVITY.legalRequestWithdrawn, event: "withdrawn" },
};

export interface AdvanceOptions {
  /** The request as locked by lockLegalRequest in this transaction. */
  request: LegalRequest;
  step: LegalRequestStep;
  actorUserId: number;
  note: string | null;
  /** More columns the step sets on the request (decision, execution). */
  data?: Prisma.LegalRequestUncheckedUpdateManyInput;
  /** More facts for the event (the measure, the release, the archive entry). */
  eventData?: Record<string, Prisma.InputJsonValue | null>;
  now: Date;
}

/**
 * One step of the status machine inside the caller's transaction: the status check, the
 * conditional update, the insert-only event row (decision, note, actor) and the activity entry.
 * The caller holds the request's row lock; the update still names the status it expects and
 * checks the count, so a path that forgot the lock cannot move a request twice either.
 */
export async function advanceLegalRequest(tx: Tx, opts: AdvanceOptions): Promise<LegalRequest> {
  const { request, step } = opts;
  const to = LEGAL_REQUEST_STEPS[step].to;
  if (!canTakeStep(request.status, step)) {
    throw new AppError("conflict", `A legal request in status ${request.status} cannot take the step "${step}".`, {
      status: request.status,
    });
  }
  // Race: two editors decide at once. The second waited on the row lock and fails the status
  // check above; were the lock missing, this conditional update would match no row.
  const moved = await tx.legalRequest.updateMany({ where: { id: request.id, status: request.status }, data: { status: to, ...opts.data } });
  if (moved.count !== 1) throw new AppError("conflict", "The legal request changed meanwhile.", { status: request.status });
  const data = { from: request.status, to, note: opts.note, ...opts.eventData };
  await tx.legalRequestEvent.create({
    data: { legalRequestId: request.id, type: WRITES[step].event, actorUserId: opts.actorUserId, data, createdAt: opts.now },
  });
  await recordActivity(
    {
      actorUserId: opts.actorUserId,
      type: WRITES[step].activity,
      subjectType: "legal_request",
      subjectId: request.id,
      result: to,
      ...(opts.note ? { reason: opts.note } : {}),
      metadata: { track: request.track, from: request.status, pressReleaseId: request.pressReleaseId, ...opts.eventData },
    },
    tx,
  );
  return tx.legalRequest.findUniqueOrThrow({ where: { id: request.id } });
}
