import { recordActivity } from "@/lib/activity/record-activity";
import { ACTIVITY } from "@/lib/activity/types";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { passkeyNameOrThrow } from "./passkey-name";
import { isRecordId } from "@/lib/input/ids";
import { sendMail } from "@/lib/mail/send-mail";
import { recipientLanguage } from "@/lib/mail/recipient-language";
import { passkeyChangedMail } from "@/lib/mail/templates/passkey-changed";

// Every change is scoped by user id in the WHERE clause: another user's passkey answers 404,
// exactly like one that does not exist, so ids reveal nothing.

const LIST_FIELDS = { id: true, name: true, transports: true, backedUp: true, createdAt: true, lastUsedAt: true } as const;

/** The security page's list; never the key material. */
export function listPasskeys(userId: number) {
  return db.passkey.findMany({ where: { userId }, select: LIST_FIELDS, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export async function renamePasskey(userId: number, passkeyId: number, name: string): Promise<void> {
  const label = passkeyNameOrThrow(name);
  if (!isRecordId(passkeyId)) throw notFound("Passkey not found.");
  const { count } = await db.passkey.updateMany({ where: { id: passkeyId, userId }, data: { name: label } });
  if (!count) throw notFound("Passkey not found.");
}

export async function deletePasskey(userId: number, passkeyId: number): Promise<void> {
  if (!isRecordId(passkeyId)) throw notFound("Passkey not found.");
  await db.$transaction(async (tx) => {
    const removed = await tx.passkey.findFirst({ where: { id: passkeyId, userId }, select: { name: true, user: { select: { email: true, locale: true } } } });
    const { count } = await tx.passkey.deleteMany({ where: { id: passkeyId, userId } });
    if (!count || !removed) throw notFound("Passkey not found.");
    await recordActivity({ actorUserId: userId, type: ACTIVITY.passkeyDeleted, subjectType: "passkey", subjectId: passkeyId }, tx);
    await sendMail({ to: removed.user.email, ...(await passkeyChangedMail({ change: "removed", name: removed.name, language: recipientLanguage({ userLocale: removed.user.locale }) })), mailType: "passkey_changed" }, tx);
  });
}
