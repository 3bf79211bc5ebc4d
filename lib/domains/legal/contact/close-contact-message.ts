import { assertCan } from "@/lib/domains/accounts/permissions";
import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { db } from "@/lib/core/db/client";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { ALREADY_HANDLED } from "./answer-contact-message";

/**
 * "Ohne Antwort schließen": spam, a duplicate, or a matter settled elsewhere. Nothing is mailed.
 * The permission is re-checked inside the transaction; the conditional update closes only an
 * open message, so a close racing an answer loses cleanly (or wins, and the answer is refused).
 */
export async function closeContactMessage(opts: { adminUserId: number; messageId: number; now?: Date }): Promise<void> {
  if (!isRecordId(opts.messageId)) throw notFound("Contact message not found.");
  const now = opts.now ?? new Date();
  await db.$transaction(async (tx) => {
    await assertCan(opts.adminUserId, ADMIN_SCREENS.contact.permission, tx);
    const message = await tx.contactMessage.findUnique({ where: { id: opts.messageId }, select: { id: true, status: true } });
    if (!message) throw notFound("Contact message not found.");
    // Race: an answer and a close at once; whichever updates first wins, the other is refused.
    const moved = await tx.contactMessage.updateMany({
      where: { id: message.id, status: "open" },
      data: { status: "closed", answeredByUserId: opts.adminUserId, answeredAt: now },
    });
    if (moved.count !== 1) throw new AppError("conflict", ALREADY_HANDLED, { status: message.status });
    await recordActivity(
      {
        actorUserId: opts.adminUserId,
        type: ACTIVITY.contactMessageClosed,
        subjectType: "contact_message",
        subjectId: message.id,
        result: "closed",
      },
      tx,
    );
  });
}
