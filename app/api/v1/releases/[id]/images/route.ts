import { userIdOf } from "@/lib/api/handler";
import { imageToApi } from "@/lib/api/images";
import { IdParams } from "@/lib/api/schemas";
import { apiRoute, json } from "@/lib/http/route";
import { listReleaseImages } from "@/lib/images/list-release-images";
import { readImageUploadForm } from "@/lib/images/upload/read-image-upload-form";
import { uploadReleaseImage } from "@/lib/images/upload/upload-release-image";
import { clientIpOf } from "@/lib/security/client-ip";

// GET /api/v1/releases/{id}/images: the release's images in their order.
export const GET = apiRoute({ auth: "token", rateLimit: "api", params: IdParams }, async (ctx) =>
  json({ data: (await listReleaseImages({ releaseId: ctx.params.id, userId: userIdOf(ctx) })).map(imageToApi) }),
);

// POST /api/v1/releases/{id}/images: multipart upload with the rights confirmation (spec 4.2).
export const POST = apiRoute({ auth: "token", rateLimit: "imageUploads", params: IdParams }, async (ctx) => {
  const form = await readImageUploadForm(ctx.request);
  const { image, warnings } = await uploadReleaseImage({ releaseId: ctx.params.id, userId: userIdOf(ctx), form, ip: clientIpOf(ctx.request.headers), source: "api" });
  return json({ data: imageToApi(image), warnings }, { status: 201 });
});
