import { Resend } from "resend";
import { MailSendError, type MailTransport, type WireMessage } from "./types";

/** Status codes with which Resend refuses the account or domain rather than one message. */
const RELAY_REFUSALS = new Set([401, 403]);

function classify(status: number | null | undefined, name: string | undefined): MailSendError["kind"] {
  // 409: the same idempotency key is still in flight (or came with another body); asked again
  // later, Resend answers with the first send's result instead of sending twice.
  if (!status || status >= 500 || status === 429 || status === 408 || status === 409) return "transient";
  if (RELAY_REFUSALS.has(status) || name === "invalid_api_Key" || name === "restricted_api_key") return "relay_rejected";
  return "permanent";
}

/**
 * Resend sets the envelope sender itself, from the sending domain's custom return path
 * (docs/operations.md): a Return-Path header in the request would be overwritten at best.
 */
function withoutEnvelopeHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "return-path"));
}

/** Production delivery through Resend's official SDK (base URL configurable for tests). */
export function resendTransport(opts: { apiKey: string; baseUrl?: string }): MailTransport {
  const resend = new Resend(opts.apiKey, opts.baseUrl ? { baseUrl: opts.baseUrl } : undefined);
  return {
    name: "resend",
    async send(message: WireMessage, idempotencyKey: string) {
      let result: Awaited<ReturnType<typeof resend.emails.send>>;
      try {
        result = await resend.emails.send(
          {
            from: message.from,
            to: [message.to],
            subject: message.subject,
            html: message.html,
            text: message.text,
            headers: withoutEnvelopeHeaders(message.headers),
            ...(message.replyTo ? { replyTo: message.replyTo } : {}),
            ...(message.attachments?.length
              ? {
                  attachments: message.attachments.map((a) => ({
                    filename: a.filename,
                    content: a.contentBase64,
                    ...(a.contentType ? { contentType: a.contentType } : {}),
                  })),
                }
              : {}),
          },
          { idempotencyKey },
        );
      } catch (err) {
        throw new MailSendError("transient", `provider unreachable: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (result.error || !result.data?.id) {
        const e = result.error as { statusCode?: number | null; name?: string; message?: string } | null;
        throw new MailSendError(
          classify(e?.statusCode, e?.name),
          `provider ${e?.statusCode ?? "?"} ${e?.name ?? "error"}: ${e?.message ?? "no message id"}`,
          e?.statusCode ?? undefined,
        );
      }
      return { providerMessageId: result.data.id };
    },
  };
}
