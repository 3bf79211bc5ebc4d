import { userIdOf } from "@/lib/adapters/api/handler";
import { imageToApi } from "@/lib/adapters/api/images";
import { ImageOrderInput } from "@/lib/adapters/api/image-schemas";
import { IdParams } from "@/lib/adapters/api/schemas";
import { apiRoute, json } from "@/lib/core/http/route";
import { arrangeReleaseImages } from "@/lib/domains/release-images/arrange-release-images";
import { listReleaseImages } from "@/lib/domains/release-images/list-release-images";

// PUT /api/v1/releases/{id}/images/order: order and cover of the release's images.
export const PUT = apiRoute(
  { route: "/api/v1/releases/[id]/images/order", auth: "token", rateLimit: "api", params: IdParams, body: ImageOrderInput },
  async (ctx) => {
    const userId = userIdOf(ctx);
    await arrangeReleaseImages({ releaseId: ctx.params.id, userId, order: ctx.body.order, coverImageId: ctx.body.cover_image_id });
    return json({ data: (await listReleaseImages({ releaseId: ctx.params.id, userId })).map(imageToApi) });
  },
);
