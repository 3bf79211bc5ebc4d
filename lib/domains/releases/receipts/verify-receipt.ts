import { verify } from "node:crypto";
import { db, type DbOrTx } from "@/lib/core/db/client";
import { RECEIPT_ALG, RECEIPT_TYP, type ReceiptEnvelope } from "./envelope";
import type { ReceiptPayload } from "./receipt-payload";
import { receiptPublicKey } from "./signing-keys";
import { MAX_RECEIPT_BYTES, VERIFY_FAILURES, type VerifyFailureCode } from "./verify-reasons";

// Checks a receipt anyone hands us (the hub's verify page, the API): is it a receipt we issued,
// unchanged? Valid means the signature over its exact bytes holds under one of our keys, current
// or retired. When it does not, the answer says why in words a person understands, and where we
// still hold the receipt it claims to be, which of its parts was changed.

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

function envelopeOf(value: unknown): ReceiptEnvelope | null {
  if (!isObject(value)) return null;
  const members = Object.keys(value).sort().join(",");
  if (members !== "payload,protected,signature") return null;
  const { protected: head, payload, signature } = value;
  return typeof head === "string" && typeof payload === "string" && typeof signature === "string"
    ? { protected: head, payload, signature }
    : null;
}

/** The kid of a header we could have written: EdDSA, our typ, a key id, nothing that must be understood. */
function keyIdOf(header: unknown): string | null {
  if (!isObject(header) || header["alg"] !== RECEIPT_ALG || header["typ"] !== RECEIPT_TYP || "crit" in header) return null;
  const kid = header["kid"];
  return typeof kid === "string" && kid.length > 0 && kid.length <= 128 ? kid : null;
}

/** Which part differs from the receipt it claims to be, when we hold that one. */
async function alteredPart(client: DbOrTx, given: ReceiptEnvelope, payload: Buffer): Promise<VerifyFailureCode> {
  const claimed = parseJson(payload);
  const id = isObject(claimed) ? claimed["receipt_id"] : undefined;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return "bad_signature";
  const stored = await client.publicationReceipt.findUnique({ where: { id }, select: { jws: true } });
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
  const envelope = envelopeOf(parsed);
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
  const statements = parseJson(payload);
  // Signed by us, so it is our payload; anything else would be a receipt we never wrote.
  if (!isObject(statements) || statements["receipt_version"] !== 1) return refuse("bad_signature");
  const receipt = statements as unknown as ReceiptPayload;
  const later = await client.publicationReceipt.count({
    where: { pressReleaseId: receipt.release.id, sequence: { gt: receipt.sequence } },
  });
  return { valid: true, payload: receipt, key: { kid: key.kid, createdAt: key.createdAt, retiredAt: key.retiredAt }, later };
}
