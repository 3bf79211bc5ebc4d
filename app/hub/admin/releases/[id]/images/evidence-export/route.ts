import { z } from "zod";
import { downloadReleaseEvidence } from "@/lib/evidence/download-release-evidence";
import { attachmentDisposition, readSmallForm } from "@/lib/http/form-body";
import { apiRoute } from "@/lib/http/route";
import { assertSameOrigin, staffSessionOrThrow } from "@/lib/http/session-route";
import { RecordIdParam } from "@/lib/input/ids";

// POST /admin/releases/<id>/images/evidence-export: the release's signed evidence export as a
// download, with a stated purpose (logged as EvidenceAccess); compliance:manage.
export const POST = apiRoute({ route: "/hub/admin/releases/[id]/images/evidence-export", params: z.object({ id: RecordIdParam }) }, async ({ request, params }) => {
  assertSameOrigin(request);
  const { user } = await staffSessionOrThrow("compliance:manage");
  const { purpose = "" } = await readSmallForm(request, 16 * 1024);
  const file = await downloadReleaseEvidence({ releaseId: params.id, adminUserId: user.id, purpose });
  return new Response(new Uint8Array(file.bytes), {
    headers: { "content-type": "application/json; charset=utf-8", "content-disposition": attachmentDisposition(file.filename), "cache-control": "private, no-store" },
  });
});
