import { z } from "zod";
import { uploadReleaseImage } from "@/lib/images/upload/upload-release-image";
import { readImageUploadForm } from "@/lib/images/upload/read-image-upload-form";
import { apiRoute, json } from "@/lib/http/route";
import { RecordIdParam } from "@/lib/input/ids";
import { clientIpOf } from "@/lib/security/client-ip";
import { assertSameOrigin, staffSessionOrThrow } from "@/lib/http/session-route";

// POST /admin/releases/<id>/images/upload: an admin adds an image to any release. It stays
// hidden until an owner of the newsroom confirms it by the e-mail link (lib decides and mails).
export const POST = apiRoute({ params: z.object({ id: RecordIdParam }) }, async ({ request, params }) => {
  assertSameOrigin(request);
  const { user } = await staffSessionOrThrow("press-releases:publish");
  const form = await readImageUploadForm(request);
  const result = await uploadReleaseImage({ releaseId: params.id, userId: user.id, asAdmin: true, form, ip: clientIpOf(request.headers), source: "admin" });
  return json(result, { status: 201 });
});
