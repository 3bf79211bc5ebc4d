import { sign } from "node:crypto";
import type { ReceiptPayload } from "./receipt-payload";
import type { SigningKey } from "./signing-keys";

// The envelope of a receipt: a JWS in the flattened JSON serialization (RFC 7515 7.2.2), signed
// with EdDSA over Ed25519 (RFC 8037). Stored and downloaded exactly as issued:
// {"protected":"…","payload":"…","signature":"…"}, the three parts base64url without padding.
// Signed with node:crypto directly (what jose's FlattenedSign does, in a tenth of the time: a
// newsroom's deletion signs a receipt for each of its thousands of releases in one transaction).

/** The `typ` of every receipt's protected header (RFC 7515 4.1.9). */
export const RECEIPT_TYP = "pressdesk-receipt+jws";
export const RECEIPT_ALG = "EdDSA";

export interface ReceiptEnvelope {
  protected: string;
  payload: string;
  signature: string;
}

/** Signs the payload; the answer is the receipt's JSON text, byte for byte as it is stored. */
export function signReceipt(payload: ReceiptPayload, key: SigningKey): string {
  const head = Buffer.from(JSON.stringify({ alg: RECEIPT_ALG, kid: key.kid, typ: RECEIPT_TYP }), "utf8").toString("base64url");
  const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  // RFC 7515 5.1: the signing input is the two base64url parts joined by a dot; Ed25519 signs it as it is.
  const signature = sign(null, Buffer.from(`${head}.${body}`, "ascii"), key.privateKey).toString("base64url");
  const envelope: ReceiptEnvelope = { protected: head, payload: body, signature };
  return JSON.stringify(envelope);
}

/** What a receipt we issued states (read from our own stored text, never from a visitor's). */
export function payloadOfIssued(jws: string): ReceiptPayload {
  const envelope = JSON.parse(jws) as ReceiptEnvelope;
  return JSON.parse(Buffer.from(envelope.payload, "base64url").toString("utf8")) as ReceiptPayload;
}
