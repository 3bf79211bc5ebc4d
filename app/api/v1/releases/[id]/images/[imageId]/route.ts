import { userIdOf } from "@/lib/api/handler";
import { ImageIdParams } from "@/lib/api/image-schemas";
import { apiRoute } from "@/lib/http/route";
import { removeReleaseImage } from "@/lib/images/remove-release-image";

// DELETE /api/v1/releases/{id}/images/{imageId}: the remover (erased if never published, else soft-deleted).
export const DELETE = apiRoute({ auth: "token", rateLimit: "api", params: ImageIdParams }, async (ctx) => {
  await removeReleaseImage({ imageId: ctx.params.imageId, releaseId: ctx.params.id, userId: userIdOf(ctx) });
  return new Response(null, { status: 204 });
});
