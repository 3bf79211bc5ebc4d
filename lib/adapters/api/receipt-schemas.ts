import { z } from "zod";
import { RECEIPT_EVENTS } from "@/lib/domains/releases/receipts/receipt-events";

// The receipts of a release in API v1 (docs/receipts.md): each with the signed file as a string,
// byte for byte as issued, so a client can store it and verify it offline.

export const ReceiptResource = z
  .object({
    sequence: z.number().int().meta({ description: "The receipt's number within its release: 1, 2, … in the order of the changes." }),
    event: z.enum(RECEIPT_EVENTS).meta({ description: "What happened: the change of what the public was shown (docs/receipts.md)." }),
    issued_at: z.string(),
    kid: z.string().meta({ description: "The id of the signing key; its public key is at the hub's /.well-known/receipt-keys.json." }),
    jws: z.string().meta({
      description:
        "The receipt: a JWS in the flattened JSON serialization (EdDSA, Ed25519), as a string exactly as issued. Store it as it is; it is the same file the dashboard offers.",
    }),
  })
  .meta({ id: "Receipt" });

export const ReceiptList = z.object({ data: z.array(ReceiptResource) }).meta({ id: "ReceiptList" });
