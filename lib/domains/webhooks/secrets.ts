import { randomBytes } from "node:crypto";
import { openSecret, sealSecret } from "@/lib/core/security/sealed-secret";

// Signing secrets in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. We must
// sign with them, so they are stored sealed, bound to their endpoint: a sealed value copied onto
// another endpoint does not open there.

const LABEL = "webhook-signing-secret";
const context = (endpointId: number) => `webhook-endpoint:${endpointId}`;

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export const sealSigningSecret = (secret: string, endpointId: number) => sealSecret(LABEL, secret, context(endpointId));

/** The plain secret; throws on an unknown format, a wrong key or a tampered value. */
export const openSigningSecret = (stored: string, endpointId: number) => openSecret(LABEL, stored, context(endpointId));
