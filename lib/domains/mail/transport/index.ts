import { getConfig } from "@/lib/core/config";
import { localMailboxTransport } from "./local-mailbox-transport";
import { resendTransport } from "./resend-transport";
import type { MailTransport } from "./types";

let cached: { key: string; transport: MailTransport } | undefined;

/** Resend when RESEND_API_KEY is set (production), else the local mailbox (embedded default). */
export function getMailTransport(): MailTransport {
  const { mail } = getConfig();
  const key = `${mail.resendApiKey ?? ""}|${mail.resendBaseUrl ?? ""}`;
  if (cached?.key !== key) {
    cached = {
      key,
      transport: mail.resendApiKey ? resendTransport({ apiKey: mail.resendApiKey, baseUrl: mail.resendBaseUrl }) : localMailboxTransport,
    };
  }
  return cached.transport;
}

export { MailSendError, type MailTransport, type WireMessage } from "./types";
