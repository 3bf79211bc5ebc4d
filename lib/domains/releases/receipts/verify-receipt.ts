import { verify } from "node:crypto";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { isRecordId } from "@/lib/core/input/ids";
import { RECEIPT_ALG, RECEIPT_TYP, type ReceiptEnvelope } from "./envelope";
import type { ReceiptPayload } from "./receipt-payload";
import { KID_PATTERN, receiptPublicKey } from "./signing-keys";
import { MAX_RECEIPT_BYTES, VERIFY_FAILURES, type VerifyFailureCode } from "./verify-reasons";

// Checks a receipt anyone hands us (the hub's verify page, the API): is it a receipt we issued,
// unchanged? Valid means the signature over its exact bytes holds under one of our keys, current
// or retired, and we hold exactly this receipt (protected header, payload and signature as
// stored), issued while its key was current: a key that leaked cannot make the check accept a
// receipt we never wrote. When it is not valid, the answer says why in words a person
// understands, and where we still hold the receipt it claims to be, which of its parts was
// changed. Nothing a visitor sends reaches the database unless it is a key id of our shape or a
// receipt id in the range of the column.

export type ReceiptVerdict =
  | {
      valid: true;
      payload: ReceiptPayload;
      key: { kid: string; createdAt: Date; retiredAt: Date | null };
      /** Receipts issued for the release after this one: the state it describes has changed since. */
      later: number;
    }
  | { valid: false; reason: { code: VerifyFailureCode; de: string; en: string } };

const refuse = (code: VerifyFailureCode): ReceiptVerdict => ({ valid: false, reason: { code, ...VERIFY_FAILURES[code] } });

/** The answer for input over MAX_RECEIPT_BYTES, for a door that refuses it unread. */
export const tooLargeReceipt = () => refuse("too_large");

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Bytes of a base64url part, or null unless it is written exactly as an encoder writes them (no padding, no spare bits). */
function decodePart(part: string): Buffer | null {
  if (!BASE64URL.test(part)) return null;
  const bytes = Buffer.from(part, "base64url");
  return bytes.toString("base64url") === part ? bytes : null;
}

function parseJson(bytes: Buffer | string): unknown {
  try {
    return JSON.parse(typeof bytes === "string" ? bytes : bytes.toString("utf8"));
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** JSON's own whitespace (RFC 8259 2): what a new layout of the file may add or take away. */
const JSON_WHITESPACE = /[ \t\n\r]/g;
const withoutWhitespace = (text: string) => text.replace(JSON_WHITESPACE, "");

/**
 * Exactly the three members as strings, each once. JSON.parse keeps the last of a member given
 * twice, so the text must be no longer than the three members it parsed to (whitespace aside):
 * a second "payload" that a reader of the file would see first makes it longer.
 */
function envelopeOf(value: unknown, text: string): ReceiptEnvelope | null {
  if (!isObject(value)) return null;
  const members = Object.keys(value).sort().join(",");
  if (members !== "payload,protected,signature") return null;
  const { protected: head, payload, signature } = value;
  if (typeof head !== "string" || typeof payload !== "string" || typeof signature !== "string") return null;
  const envelope: ReceiptEnvelope = { protected: head, payload, signature };
  return withoutWhitespace(text).length === withoutWhitespace(JSON.stringify(envelope)).length ? envelope : null;
}

/** The kid of a header we could have written: EdDSA, our typ, a key id of our shape (a JWK thumbprint), nothing that must be understood. */
function keyIdOf(header: unknown): string | null {
  if (!isObject(header) || header["alg"] !== RECEIPT_ALG || header["typ"] !== RECEIPT_TYP || "crit" in header) return null;
  const kid = header["kid"];
  return typeof kid === "string" && KID_PATTERN.test(kid) ? kid : null;
}

/** The receipt id a payload claims, when it can name a row (a positive `integer`). */
function claimedReceiptId(payload: unknown): number | null {
  const id = isObject(payload) ? payload["receipt_id"] : undefined;
  return isRecordId(id) ? id : null;
}

const storedReceipt = (client: DbOrTx, id: number) =>
  client.publicationReceipt.findUnique({ where: { id }, select: { jws: true, pressReleaseId: true, sequence: true, issuedAt: true } });

/** Which part differs from the receipt it claims to be, when we hold that one. */
async function alteredPart(client: DbOrTx, given: ReceiptEnvelope, payload: Buffer): Promise<VerifyFailureCode> {
  const id = claimedReceiptId(parseJson(payload));
  if (id === null) return "bad_signature";
  const stored = await storedReceipt(client, id);
  if (!stored) return "bad_signature";
  const issued = JSON.parse(stored.jws) as ReceiptEnvelope;
  if (issued.protected === given.protected && issued.signature === given.signature && issued.payload !== given.payload)
    return "payload_altered";
  if (issued.payload === given.payload && issued.signature === given.signature) return "header_altered";
  if (issued.payload === given.payload && issued.protected === given.protected) return "signature_altered";
  return "bad_signature";
}

/** Verifies a receipt given as the text of its JSON file (pretty-printed or as issued). */
export async function verifyReceipt(text: string, client: DbOrTx = db): Promise<ReceiptVerdict> {
  if (Buffer.byteLength(text, "utf8") > MAX_RECEIPT_BYTES) return refuse("too_large");
  if (!text.trim()) return refuse("empty");
  const parsed = parseJson(text);
  if (parsed === undefined) return refuse("not_json");
  const envelope = envelopeOf(parsed, text);
  if (!envelope) return refuse("not_jws");
  const [header, payload, signature] = [envelope.protected, envelope.payload, envelope.signature].map(decodePart);
  if (!header || !payload || !signature) return refuse("malformed");
  const kid = keyIdOf(parseJson(header));
  if (!kid) return refuse("bad_header");
  const key = await receiptPublicKey(client, kid);
  if (!key) return refuse("unknown_key");
  // RFC 7515 5.2: the signing input is the two base64url parts as they were written, joined by a dot.
  const input = Buffer.from(`${envelope.protected}.${envelope.payload}`, "ascii");
  if (signature.length !== 64 || !verify(null, input, key.publicKey, signature))
    return refuse(await alteredPart(client, envelope, payload));
  // The signature holds: it is ours only if we issued exactly this receipt, while its key signed.
  const statements = parseJson(payload);
  const id = claimedReceiptId(statements);
  if (id === null || !isObject(statements) || statements["receipt_version"] !== 1) return refuse("not_issued");
  const stored = await storedReceipt(client, id);
  if (!stored || !sameEnvelope(stored.jws, envelope)) return refuse("not_issued");
  if (key.retiredAt && stored.issuedAt >= key.retiredAt) return refuse("not_issued");
  const later = await client.publicationReceipt.count({
    where: { pressReleaseId: stored.pressReleaseId, sequence: { gt: stored.sequence } },
  });
  return {
    valid: true,
    payload: statements as unknown as ReceiptPayload,
    key: { kid: key.kid, createdAt: key.createdAt, retiredAt: key.retiredAt },
    later,
  };
}

/** Whether the stored receipt is exactly the given one: the same three parts, character for character. */
function sameEnvelope(storedJws: string, given: ReceiptEnvelope): boolean {
  const issued = JSON.parse(storedJws) as ReceiptEnvelope;
  return issued.protected === given.protected && issued.payload === given.payload && issued.signature === given.signature;
}
