import { receiveInboundMail } from "@/lib/domains/mail/bounces/inbound-mail";
import { apiRoute, json } from "@/lib/core/http/route";

// POST /api/mail/inbound: a bounce (RFC 3464 report) our MTA received, raw message/rfc822, bearer INBOUND_MAIL_SECRET.
export const POST = apiRoute({ route: "/api/mail/inbound" }, async ({ request }) => json(await receiveInboundMail(request)));
