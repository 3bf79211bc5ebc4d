import type { Tx } from "@/lib/core/db/client";
import { recipientLanguage } from "@/lib/domains/mail/recipient-language";
import { sendMail } from "@/lib/domains/mail/send-mail";
import { webhookEndpointDisabledMail } from "@/lib/domains/mail/templates/webhook-endpoint-disabled";

/** Tells every owner of the endpoint's newsroom, in the transaction that switched it off. */
export async function notifyEndpointDisabled(endpointId: number, tx: Tx): Promise<number> {
  const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({
    where: { id: endpointId },
    select: {
      url: true,
      company: {
        select: {
          name: true,
          members: {
            where: { role: "owner", user: { isActive: true, deletedAt: null } },
            select: { user: { select: { email: true, locale: true } } },
          },
        },
      },
    },
  });
  for (const { user } of endpoint.company.members) {
    const mail = await webhookEndpointDisabledMail({
      language: recipientLanguage({ userLocale: user.locale }),
      endpointId,
      url: endpoint.url,
      newsroom: endpoint.company.name,
    });
    await sendMail({ to: user.email, ...mail, mailType: "webhook_endpoint_disabled" }, tx);
  }
  return endpoint.company.members.length;
}
