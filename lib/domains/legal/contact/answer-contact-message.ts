import { assertCan } from "@/lib/domains/accounts/permissions";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { FieldCheck } from "@/lib/domains/legal/requests/file-fields";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { contactAnswerMail } from "@/lib/domains/mail/templates/contact-answer";

export const ANSWER_MIN = 10;
export const ANSWER_MAX = 10_000;

export const ALREADY_HANDLED =
  "Diese Nachricht wurde inzwischen beantwortet oder geschlossen. Laden Sie die Seite neu, um den aktuellen Stand zu sehen.";

/**
 * An editor answers a contact message: the answer is stored, the message marked answered and the
 * answer mailed to the sender, all in one transaction that re-checks the permission of the
 * contact screen from the stored user. Two editors answering at once: the conditional update
 * lets exactly one move the message from open, the other's transaction ends before its mail
 * exists, so the sender gets one answer.
 */
export async function answerContactMessage(opts: { adminUserId: number; messageId: number; answer: unknown; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  const check = new FieldCheck("de");
  const answer = check.text("answer", opts.answer, { min: ANSWER_MIN, max: ANSWER_MAX });
  check.done("Bitte prüfen Sie die Antwort.");
  if (answer === null) throw new Error("unreachable: checked above");
  if (!isRecordId(opts.messageId)) throw notFound("Contact message not found.");

  await db.$transaction(async (tx) => {
    // Race: the permission revoked while the editor types. Read FOR SHARE inside: a revocation
    // committed before is seen here, a later one waits for this answer.
    await assertCan(opts.adminUserId, ADMIN_SCREENS.contact.permission, tx);
    const message = await tx.contactMessage.findUnique({ where: { id: opts.messageId } });
    if (!message) throw notFound("Contact message not found.");
    // Race: two editors answer at once. Only the update that still finds the message open counts.
    const moved = await tx.contactMessage.updateMany({
      where: { id: message.id, status: "open" },
      data: { status: "answered", answer, answeredByUserId: opts.adminUserId, answeredAt: now },
    });
    if (moved.count !== 1) throw new AppError("conflict", ALREADY_HANDLED, { status: message.status });
    const mail = await contactAnswerMail({
      language: message.language,
      name: message.name,
      subject: message.subject,
      receivedAt: message.createdAt,
      answer,
    });
    await sendMail({ to: message.email, ...mail, mailType: "contact_answer" }, tx);
    await recordActivity(
      {
        actorUserId: opts.adminUserId,
        type: ACTIVITY.contactMessageAnswered,
        subjectType: "contact_message",
        subjectId: message.id,
        result: "answered",
        metadata: { language: message.language },
      },
      tx,
    );
  });
}
