/** A mail as it goes over the wire, after the MessageSending step. */
export interface WireMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  headers: Record<string, string>;
  attachments?: { filename: string; contentBase64: string; contentType?: string }[];
}

/**
 * Why a send failed, which decides what happens next: `transient` (provider down, throttled,
 * timeout) is retried with backoff; `permanent` (the provider refuses this message) fails it at
 * once; `relay_rejected` (the provider refuses us: key revoked, domain unverified) also feeds
 * the circuit breaker.
 */
export type SendFailureKind = "transient" | "permanent" | "relay_rejected";

export class MailSendError extends Error {
  override name = "MailSendError";
  constructor(
    readonly kind: SendFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * The mail provider port. A repeated send with the same idempotency key must not deliver twice
 * (Resend honours `Idempotency-Key` for 24 hours; the local mailbox has a unique key column).
 */
export interface MailTransport {
  readonly name: "resend" | "local";
  send(message: WireMessage, idempotencyKey: string): Promise<{ providerMessageId: string }>;
}
