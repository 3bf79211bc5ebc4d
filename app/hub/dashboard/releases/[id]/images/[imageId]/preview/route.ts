import { z } from "zod";
import { loadImagePreview } from "@/lib/domains/release-images/load-image-preview";
import { apiRoute } from "@/lib/core/http/route";
import { RecordIdParam } from "@/lib/core/input/ids";
import { sessionOrThrow } from "@/lib/domains/auth/session-route";

// GET /dashboard/releases/<id>/images/<imageId>/preview: a small JPEG for people who may manage
// the release, whatever the image's public state. Private: never stored by any cache.
export const GET = apiRoute(
  { route: "/hub/dashboard/releases/[id]/images/[imageId]/preview", params: z.object({ id: RecordIdParam, imageId: RecordIdParam }) },
  async ({ params }) => {
    const { user } = await sessionOrThrow();
    const { bytes, contentType } = await loadImagePreview({ imageId: params.imageId, releaseId: params.id, userId: user.id });
    return new Response(new Uint8Array(bytes), {
      headers: { "content-type": contentType, "cache-control": "private, no-store", "content-disposition": "inline" },
    });
  },
);
