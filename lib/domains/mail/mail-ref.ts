import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/core/config";

// The X-PD-Ref header (spec 6.3: `X-<service>-Ref`, a per-recipient HMAC). A bounce that quotes
// our original headers proves it answers a mail we sent to that recipient; a forged or
// backscattered bounce cannot produce the signature.
const VERSION = "v1";

function signature(ref: string, recipient: string): string {
  return createHmac("sha256", getConfig().security.mailRefHmacKey)
    .update(`${VERSION}:${ref}:${recipient.trim().toLowerCase()}`)
    .digest("base64url")
    .slice(0, 32);
}

/** `ref` names the message (outbox `o123`, newsletter recipient `n4-77`); safe characters only. */
export function signMailRef(ref: string, recipient: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(ref)) throw new Error("mail ref: letters, digits, '-' and '_' only");
  return `${VERSION}.${ref}.${signature(ref, recipient)}`;
}

/** The ref the header names when its signature holds for this recipient, else null. */
export function verifyMailRef(header: string | null | undefined, recipient: string): string | null {
  const m = /^v1\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{32})$/.exec((header ?? "").trim());
  if (!m) return null;
  const expected = Buffer.from(signature(m[1]!, recipient));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1]! : null;
}

export function mailRefHeaderName(): string {
  return getConfig().mail.refHeader;
}
