import { z } from "zod";
import { uploadReleaseImage } from "@/lib/images/upload/upload-release-image";
import { readImageUploadForm } from "@/lib/images/upload/read-image-upload-form";
import { AppError } from "@/lib/http/errors";
import { apiRoute, json } from "@/lib/http/route";
import { RecordIdParam } from "@/lib/input/ids";
import { getLimiter } from "@/lib/ratelimit/limiter";
import { clientIpOf } from "@/lib/security/client-ip";
import { assertSameOrigin, sessionOrThrow } from "@/lib/http/session-route";

// POST /dashboard/releases/<id>/images/upload: the release page's image upload (multipart, up to
// 16 MiB, which a server action cannot take). Answers { image, warnings } or the JSON error body.
export const POST = apiRoute({ params: z.object({ id: RecordIdParam }) }, async ({ request, params }) => {
  assertSameOrigin(request);
  const { user, session } = await sessionOrThrow();
  // The rights confirmation is the customer's own statement: staff signed in as the customer use the admin upload.
  if (session.impersonatorUserId !== null) throw new AppError("forbidden", "In support access images are added in the admin area; the customer confirms the rights personally.");
  if (!(await getLimiter("imageUploads").limit(`session:${user.id}`)).success) throw new AppError("rate_limited", "Too many uploads. Try again later.");
  const form = await readImageUploadForm(request);
  const result = await uploadReleaseImage({ releaseId: params.id, userId: user.id, form, ip: clientIpOf(request.headers), source: "dashboard" });
  return json(result, { status: 201 });
});
