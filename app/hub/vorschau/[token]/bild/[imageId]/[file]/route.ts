import { z } from "zod";
import { previewImageRefusal, previewImageResponse, withPreviewHeaders } from "@/components/previews/preview-answers";
import { apiRoute } from "@/lib/core/http/route";
import { RecordIdParam } from "@/lib/core/input/ids";
import { previewImageFile } from "@/lib/domains/releases/previews/preview-image";

export const dynamic = "force-dynamic";

// GET /vorschau/<token>/bild/<imageId>/<file>: one display file of an image of the previewed
// release, while the link shows its page; 410 once the link ended, 404 for anything else.
export const GET = withPreviewHeaders(
  apiRoute(
    {
      route: "/hub/vorschau/[token]/bild/[imageId]/[file]",
      rateLimit: "previewImage",
      params: z.object({ token: z.string(), imageId: RecordIdParam, file: z.string().max(200) }),
    },
    async ({ params }) => {
      const answer = await previewImageFile({ token: params.token, imageId: params.imageId, file: params.file });
      if (answer.kind === "file") return previewImageResponse(answer);
      return previewImageRefusal(answer.kind === "gone" ? 410 : 404);
    },
  ),
);
