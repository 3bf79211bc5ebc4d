import { getConfig } from "@/lib/core/config";
import { readBodyText } from "@/lib/core/http/body";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { bearerMatches } from "@/lib/core/security/bearer";
import { ingestDsn, type DsnIngestResult } from "./record-bounce";

// Bounces that arrive as mail: the MTA behind our return path pipes each message here
// (`curl -H "Authorization: Bearer $INBOUND_MAIL_SECRET" --data-binary @- .../api/mail/inbound`).
// The bearer secret only says the MTA forwarded it; whether a bounce counts is decided per
// recipient by the signed reference header (record-bounce.ts), since anyone can mail us one.

/** A bounce with the original attached is small; a larger message is no bounce of ours. */
export const MAX_INBOUND_BYTES = 2 * 1024 * 1024;

export async function receiveInboundMail(request: Request): Promise<DsnIngestResult> {
  const secret = getConfig().mail.inboundMailSecret;
  // Unset: the route is off, and says so the way any unknown path does.
  if (!secret) throw notFound();
  if (!bearerMatches(request.headers.get("authorization"), secret))
    throw new AppError("unauthenticated", "A valid bearer token is required.");
  return ingestDsn(await readBodyText(request, MAX_INBOUND_BYTES));
}
