import type { EmailBouncedEvent, EmailComplainedEvent, EmailFailedEvent, EmailSuppressedEvent } from "resend";
import { Webhook } from "svix";
import { z } from "zod";
import { getConfig } from "@/lib/core/config";
import { readBodyText } from "@/lib/core/http/body";
import { AppError, notFound } from "@/lib/core/errors/errors";
import { recordRelayRejection } from "@/lib/domains/mail/circuit-breaker";
import { normalizeAddress, suppressAddress } from "@/lib/domains/mail/suppression";
import { recordBounce } from "./record-bounce";

// Resend's delivery events. Resend signs webhooks with Svix (svix-id, svix-timestamp,
// svix-signature over the raw body; a timestamp older than five minutes is refused, so a
// captured delivery cannot be replayed later). The signature proves the event, so bounces that
// arrive here count as signed. svix-id is the same on every retry of one event: it is the
// external id that drops repeats, inside the transaction that records the bounce.

const MAX_BODY_BYTES = 256 * 1024;

// Only what we read; the resend package's event types say what the fields mean.
const address = z.string().transform((s) => normalizeAddress(/<([^>]+)>\s*$/.exec(s)?.[1] ?? s));
const eventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("email.bounced"),
    data: z.object({
      to: z.array(address),
      bounce: z.object({ type: z.string(), subType: z.string().optional(), message: z.string().optional() }),
    }),
  }),
  z.object({ type: z.literal("email.complained"), data: z.object({ to: z.array(address) }) }),
  z.object({ type: z.literal("email.failed"), data: z.object({ to: z.array(address), failed: z.object({ reason: z.string() }) }) }),
  z.object({
    type: z.literal("email.suppressed"),
    data: z.object({ to: z.array(address), suppressed: z.object({ type: z.string().optional(), message: z.string().optional() }) }),
  }),
]);
type HandledEvent = z.infer<typeof eventSchema>;
// Every SDK event we handle must fit the schema: a field the SDK renames breaks the build here.
type FitsSchema<T extends z.input<typeof eventSchema>> = T;
type SdkEvent = FitsSchema<EmailBouncedEvent | EmailComplainedEvent | EmailFailedEvent | EmailSuppressedEvent>;
const HANDLED_TYPES: ReadonlySet<string> = new Set<SdkEvent["type"]>([
  "email.bounced",
  "email.complained",
  "email.failed",
  "email.suppressed",
]);

// email.failed reasons that blame the recipient's address; every other failure is our provider
// refusing us (key, domain, quota) and goes to the circuit breaker.
const RECIPIENT_FAULT =
  /\binvalid\s+[`'"]?(?:to|recipients?|email\s+address|address)\b|\b(?:to|recipients?)[`'"]?\s+(?:field\s+|address\s+)?(?:is\s+|was\s+)?invalid\b/i;

/** Resend bounce types: Permanent is a final failure, Transient a temporary one (RFC 3464 actions). */
const ACTION_OF_BOUNCE_TYPE: Record<string, string> = { permanent: "failed", transient: "delayed" };

async function handleEvent(event: HandledEvent, eventId: string): Promise<void> {
  for (const email of new Set(event.data.to)) {
    const externalId = `resend:${eventId}:${email}`;
    switch (event.type) {
      case "email.bounced": {
        const { type, subType, message } = event.data.bounce;
        // The status code, when the provider quotes the remote reply, is taken from the message.
        const diagnostic = `${type}${subType ? ` (${subType})` : ""}: ${message ?? ""}`.trim();
        await recordBounce({
          email,
          diagnostic,
          action: ACTION_OF_BOUNCE_TYPE[type.toLowerCase()] ?? null,
          source: "provider_event",
          signed: true,
          externalId,
        });
        break;
      }
      case "email.complained":
        await suppressAddress({ email, state: "complaint", reason: "spam complaint reported by Resend" });
        break;
      case "email.failed": {
        const reason = event.data.failed.reason;
        if (RECIPIENT_FAULT.test(reason))
          await recordBounce({
            email,
            diagnostic: `Resend could not send: ${reason}`,
            action: "failed",
            source: "provider_event",
            signed: true,
            externalId,
          });
        else await recordRelayRejection({ detail: `Resend refused to send: ${reason}`, source: "resend", email, externalId });
        break;
      }
      case "email.suppressed": {
        // Resend refuses the address after an earlier hard bounce or complaint: it is dead to us too.
        const { type, message } = event.data.suppressed;
        await recordBounce({
          email,
          diagnostic: `On Resend's suppression list${type ? ` (${type})` : ""}: ${message ?? ""}`.trim(),
          action: "failed",
          source: "provider_event",
          signed: true,
          externalId,
          knownUndeliverable: true,
        });
        break;
      }
    }
  }
}

/** The payload's event type, or null when the payload is not an object with one. */
function parsePayload(raw: string): { type: string; body: unknown } | null {
  try {
    const body = JSON.parse(raw) as { type?: unknown } | null;
    return typeof body?.type === "string" ? { type: body.type, body } : null;
  } catch {
    return null;
  }
}

/**
 * Verifies and handles one webhook delivery. 404 while RESEND_WEBHOOK_SECRET is unset (the
 * endpoint does not exist then), 400 for a bad signature. Event types we do not act on are
 * acknowledged, so Resend does not retry them.
 */
export async function receiveResendWebhook(request: Request): Promise<{ received: true; handled: boolean }> {
  const secret = getConfig().mail.resendWebhookSecret;
  if (!secret) throw notFound();
  const raw = await readBodyText(request, MAX_BODY_BYTES);
  const headers = {
    "svix-id": request.headers.get("svix-id") ?? "",
    "svix-timestamp": request.headers.get("svix-timestamp") ?? "",
    "svix-signature": request.headers.get("svix-signature") ?? "",
  };
  // Outside the try: a malformed configured secret is our fault (500), not the caller's.
  const webhook = new Webhook(secret);
  try {
    webhook.verify(raw, headers);
  } catch {
    throw new AppError("bad_request", "The webhook signature is not valid.");
  }
  const payload = parsePayload(raw);
  if (!payload || !HANDLED_TYPES.has(payload.type)) return { received: true, handled: false };
  const event = eventSchema.safeParse(payload.body);
  if (!event.success) {
    // Signed by Resend but not in the shape we know: refusing would only make Resend retry it.
    console.warn(`resend webhook ${headers["svix-id"]}: ${payload.type} payload not understood; ignored`);
    return { received: true, handled: false };
  }
  await handleEvent(event.data, headers["svix-id"]);
  return { received: true, handled: true };
}
