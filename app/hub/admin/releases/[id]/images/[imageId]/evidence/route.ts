import { z } from "zod";
import { openImageEvidence } from "@/lib/domains/evidence/open-image-evidence";
import { attachmentDisposition, readSmallForm } from "@/lib/core/http/form-body";
import { AppError } from "@/lib/core/errors/errors";
import { apiRoute } from "@/lib/core/http/route";
import { RecordIdParam } from "@/lib/core/input/ids";
import { assertSameOrigin, staffSessionOrThrow } from "@/lib/domains/auth/session-route";

// POST /admin/releases/<id>/images/<imageId>/evidence: the evidence file (original or published
// version) as a download, only with a stated purpose and only by POST, so the purpose cannot
// sit in a URL, a history or a log. openImageEvidence checks the purpose and logs EvidenceAccess.

const MAX_FORM_BYTES = 16 * 1024;
const Fields = z.object({
  purpose: z.string().default(""),
  version: z.enum(["original", "published"]),
});

export const POST = apiRoute(
  { route: "/hub/admin/releases/[id]/images/[imageId]/evidence", params: z.object({ id: RecordIdParam, imageId: RecordIdParam }) },
  async ({ request, params }) => {
    assertSameOrigin(request);
    const { user } = await staffSessionOrThrow("press-releases:publish");
    const parsed = Fields.safeParse(await readSmallForm(request, MAX_FORM_BYTES));
    if (!parsed.success)
      throw new AppError("validation_failed", "Choose the original or the published version.", undefined, [
        { path: "version", message: "must be original or published" },
      ]);
    const { purpose, version } = parsed.data;
    const file = await openImageEvidence({ imageId: params.imageId, releaseId: params.id, adminUserId: user.id, purpose, version });
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "content-type": file.contentType,
        "content-disposition": attachmentDisposition(file.filename),
        "cache-control": "private, no-store",
      },
    });
  },
);
