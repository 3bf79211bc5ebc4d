import { FlattenedSign } from "jose";
import type { ReceiptPayload } from "./receipt-payload";
import type { SigningKey } from "./signing-keys";

// The envelope of a receipt: a JWS in the flattened JSON serialization (RFC 7515 7.2.2), signed
// with EdDSA over Ed25519 (RFC 8037). Stored and downloaded exactly as issued:
// {"protected":"…","payload":"…","signature":"…"}, the three parts base64url without padding.

/** The `typ` of every receipt's protected header (RFC 7515 4.1.9). */
export const RECEIPT_TYP = "pressdesk-receipt+jws";
export const RECEIPT_ALG = "EdDSA";

export interface ReceiptEnvelope {
  protected: string;
  payload: string;
  signature: string;
}

/** Signs the payload; the answer is the receipt's JSON text, byte for byte as it is stored. */
export async function signReceipt(payload: ReceiptPayload, key: SigningKey): Promise<string> {
  const jws = await new FlattenedSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: RECEIPT_ALG, kid: key.kid, typ: RECEIPT_TYP })
    .sign(key.privateKey);
  const envelope: ReceiptEnvelope = { protected: jws.protected!, payload: jws.payload, signature: jws.signature };
  return JSON.stringify(envelope);
}

/** What a receipt we issued states (read from our own stored text, never from a visitor's). */
export function payloadOfIssued(jws: string): ReceiptPayload {
  const envelope = JSON.parse(jws) as ReceiptEnvelope;
  return JSON.parse(Buffer.from(envelope.payload, "base64url").toString("utf8")) as ReceiptPayload;
}
