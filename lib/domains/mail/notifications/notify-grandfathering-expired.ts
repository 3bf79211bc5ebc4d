import { db, type DbOrTx } from "@/lib/core/db/client";
import { recipientLanguage } from "../recipient-language";
import { sendMail } from "../send-mail";
import { grandfatheringExpiredMail } from "../templates/grandfathering-expired";

/**
 * `GrandfatheringExpired` (spec 3.1): one mail per customer whose previous terms ended. A hook
 * for the daily expire command: no caller yet except tests. The command owns "once per
 * customer" (`grandfathering_notified_at`) and passes the transaction that ends the agreement.
 */
export async function notifyGrandfatheringExpired(
  opts: { paymentOptionId: number },
  client: DbOrTx = db,
): Promise<{ mailId: number } | null> {
  const option = await client.userPaymentOption.findUniqueOrThrow({
    where: { id: opts.paymentOptionId },
    select: { grandfatheredUntil: true, user: { select: { email: true, locale: true, deletedAt: true } } },
  });
  if (!option.grandfatheredUntil || option.user.deletedAt) return null;
  const mail = await grandfatheringExpiredMail({
    language: recipientLanguage({ userLocale: option.user.locale }),
    grandfatheredUntil: option.grandfatheredUntil,
  });
  const { id } = await sendMail({ to: option.user.email, ...mail, mailType: "grandfathering_expired" }, client);
  return { mailId: id };
}
