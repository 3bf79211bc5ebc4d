import { userIdOf } from "@/lib/adapters/api/handler";
import { imageToApi } from "@/lib/adapters/api/images";
import { IdParams } from "@/lib/adapters/api/schemas";
import { apiRoute, json } from "@/lib/core/http/route";
import { listReleaseImages } from "@/lib/domains/release-images/list-release-images";
import { uploadImageFromRequest } from "@/lib/domains/release-images/upload-from-request";

// GET /api/v1/releases/{id}/images: the release's images in their order.
export const GET = apiRoute({ route: "/api/v1/releases/[id]/images", auth: "token", rateLimit: "api", params: IdParams }, async (ctx) =>
  json({ data: (await listReleaseImages({ releaseId: ctx.params.id, userId: userIdOf(ctx) })).map(imageToApi) }),
);

// POST /api/v1/releases/{id}/images: multipart upload with the rights confirmation (spec 4.2).
export const POST = apiRoute({ route: "/api/v1/releases/[id]/images", auth: "token", rateLimit: "api", params: IdParams }, async (ctx) => {
  const { image, warnings } = await uploadImageFromRequest(ctx.request, { releaseId: ctx.params.id, userId: userIdOf(ctx), source: "api" });
  return json({ data: imageToApi(image), warnings }, { status: 201 });
});
