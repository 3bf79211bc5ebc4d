import { z } from "zod";
import { downloadReleaseEvidence } from "@/lib/domains/evidence/download-release-evidence";
import { attachmentDisposition, readSmallForm } from "@/lib/core/http/form-body";
import { apiRoute } from "@/lib/core/http/route";
import { assertSameOrigin, staffSessionOrThrow } from "@/lib/domains/auth/session-route";
import { RecordIdParam } from "@/lib/core/input/ids";

// POST /admin/releases/<id>/images/evidence-export: the release's signed evidence export as a
// download, with a stated purpose (logged as EvidenceAccess); compliance:manage.
export const POST = apiRoute(
  { route: "/hub/admin/releases/[id]/images/evidence-export", params: z.object({ id: RecordIdParam }) },
  async ({ request, params }) => {
    assertSameOrigin(request);
    const { user } = await staffSessionOrThrow("compliance:manage");
    const { purpose = "" } = await readSmallForm(request, 16 * 1024);
    const file = await downloadReleaseEvidence({ releaseId: params.id, adminUserId: user.id, purpose });
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": attachmentDisposition(file.filename),
        "cache-control": "private, no-store",
      },
    });
  },
);
