import { z } from "zod";
import { loadImagePreview } from "@/lib/domains/release-images/load-image-preview";
import { apiRoute } from "@/lib/core/http/route";
import { RecordIdParam } from "@/lib/core/input/ids";
import { staffSessionOrThrow } from "@/lib/domains/auth/session-route";

// GET /admin/releases/<id>/images/<imageId>/preview: the same small JPEG for staff reviewing
// images (withheld ones included). Private: never stored by any cache.
export const GET = apiRoute(
  { route: "/hub/admin/releases/[id]/images/[imageId]/preview", params: z.object({ id: RecordIdParam, imageId: RecordIdParam }) },
  async ({ params }) => {
    const { user } = await staffSessionOrThrow("press-releases:publish");
    const { bytes, contentType } = await loadImagePreview({
      imageId: params.imageId,
      releaseId: params.id,
      userId: user.id,
      asAdmin: true,
    });
    return new Response(new Uint8Array(bytes), {
      headers: { "content-type": contentType, "cache-control": "private, no-store", "content-disposition": "inline" },
    });
  },
);
