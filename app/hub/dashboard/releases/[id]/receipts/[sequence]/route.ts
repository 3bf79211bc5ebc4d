import { z } from "zod";
import { receiptDownload } from "@/lib/adapters/dashboard/release-receipts";
import { apiRoute } from "@/lib/core/http/route";
import { RecordIdParam } from "@/lib/core/input/ids";
import { sessionOrThrow } from "@/lib/domains/auth/session-route";

// GET /dashboard/releases/<id>/receipts/<sequence>?format=json|pdf: a receipt of the release as a
// file for whoever sees the release in the dashboard (404 for anyone else). The JSON is the
// receipt byte for byte as issued. Private: never stored by any cache.
export const GET = apiRoute(
  {
    route: "/hub/dashboard/releases/[id]/receipts/[sequence]",
    params: z.object({ id: RecordIdParam, sequence: RecordIdParam }),
    query: z.object({ format: z.enum(["json", "pdf"]).default("json") }),
  },
  async ({ params, query }) => {
    const { user } = await sessionOrThrow();
    const file = await receiptDownload({ userId: user.id, releaseId: params.id, sequence: params.sequence, format: query.format });
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "private, no-store",
      },
    });
  },
);
