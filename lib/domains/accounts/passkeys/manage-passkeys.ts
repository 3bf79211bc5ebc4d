import { recordActivity } from "@/lib/domains/activity/record-activity";
import { ACTIVITY } from "@/lib/domains/activity/types";
import { requireProofUnderLock } from "@/lib/domains/accounts/identity-proof/proof-under-lock";
import type { SessionProof } from "@/lib/domains/accounts/identity-proof/types";
import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { db } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { passkeyNameOrThrow } from "./passkey-name";
import { isRecordId } from "@/lib/core/input/ids";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { passkeyChangedMail } from "@/lib/domains/mail/templates/passkey-changed";

// Every change is scoped by user id in the WHERE clause: another user's passkey answers 404,
// exactly like one that does not exist, so ids reveal nothing.

const LIST_FIELDS = { id: true, name: true, transports: true, backedUp: true, createdAt: true, lastUsedAt: true } as const;

/** The security page's list; never the key material. */
export function listPasskeys(userId: number) {
  return db.passkey.findMany({ where: { userId }, select: LIST_FIELDS, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

/** Renames one of the account's passkeys; not in an impersonation session (`acting`). */
export async function renamePasskey(userId: number, passkeyId: number, name: string, opts: { acting?: Acting } = {}): Promise<void> {
  assertNotImpersonating(opts.acting, "security");
  const label = passkeyNameOrThrow(name);
  if (!isRecordId(passkeyId)) throw notFound("Passkey not found.");
  const { count } = await db.passkey.updateMany({ where: { id: passkeyId, userId }, data: { name: label } });
  if (!count) throw notFound("Passkey not found.");
}

/**
 * Removes one of the account's passkeys. It takes a way in away from the owner, so it needs the
 * session's fresh proof by a strong factor the account has (purpose remove_passkey: a passkey, an
 * app or recovery code), checked under the account's row lock in the same transaction: never the
 * mailbox or the password, which would otherwise remove the owner's passkey and enrol their own.
 * Not in an impersonation session (`acting`).
 */
export async function deletePasskey(
  userId: number,
  passkeyId: number,
  opts: { proof: SessionProof; now?: Date; acting?: Acting },
): Promise<void> {
  assertNotImpersonating(opts.acting, "security");
  if (!isRecordId(passkeyId)) throw notFound("Passkey not found.");
  await db.$transaction(async (tx) => {
    const removed = await tx.passkey.findFirst({
      where: { id: passkeyId, userId },
      select: { name: true, user: { select: { email: true, locale: true } } },
    });
    if (!removed) throw notFound("Passkey not found.");
    await requireProofUnderLock(tx, userId, "remove_passkey", opts.proof, opts.now);
    const { count } = await tx.passkey.deleteMany({ where: { id: passkeyId, userId } });
    if (!count) throw notFound("Passkey not found.");
    await recordActivity({ actorUserId: userId, type: ACTIVITY.passkeyDeleted, subjectType: "passkey", subjectId: passkeyId }, tx);
    await sendMail(
      {
        to: removed.user.email,
        ...(await passkeyChangedMail({
          change: "removed",
          name: removed.name,
          language: recipientLanguage({ userLocale: removed.user.locale }),
        })),
        mailType: "passkey_changed",
      },
      tx,
    );
  });
}
