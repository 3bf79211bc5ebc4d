import { apiRoute } from "@/lib/core/http/route";
import { publishedReceiptKeys } from "@/lib/domains/releases/receipts/signing-keys";

// GET /.well-known/receipt-keys.json on the hub (the site routing maps the dot path here): every
// public key that ever signed a receipt, retired ones included, as a JWK Set (RFC 7517), so a
// receipt verifies without asking us. docs/receipts.md "Keys and rotation".
export const dynamic = "force-dynamic";

export const GET = apiRoute({ route: "/hub/well-known/receipt-keys.json" }, async () =>
  Response.json(await publishedReceiptKeys(), { headers: { "cache-control": "public, max-age=300" } }),
);
