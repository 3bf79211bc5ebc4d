import { assertNotImpersonating, type Acting } from "@/lib/core/errors/customer-acting";
import { clientIpOf } from "@/lib/core/security/client-ip";
import type { ImageResource, ImageWarning } from "@/lib/domains/images/image-resource";
import type { ImageActor } from "@/lib/domains/release-images/image-access";
import { readImageUploadForm } from "@/lib/domains/images/upload/read-image-upload-form";
import { takeImageWorkBudget, withUploadPermit } from "@/lib/domains/images/upload/upload-capacity";
import { uploadReleaseImage } from "@/lib/domains/release-images/upload-release-image";

/**
 * An upload as every route receives it (API v1, the dashboard, the admin area): a permit and the
 * hourly budget before a byte of the body is read, then the multipart form, then the upload.
 * An upload carries the customer's rights confirmation: staff acting in the customer's session
 * (`acting`, support access) are refused before anything is read; they upload in the admin area.
 */
export async function uploadImageFromRequest(
  request: Request,
  opts: ImageActor & { releaseId: number; source: "api" | "dashboard" | "admin"; acting?: Acting },
): Promise<{ image: ImageResource; warnings: ImageWarning[] }> {
  assertNotImpersonating(opts.acting, "image_upload");
  return withUploadPermit(opts.userId, async () => {
    await takeImageWorkBudget(opts.userId);
    const form = await readImageUploadForm(request);
    return uploadReleaseImage({ ...opts, form, ip: clientIpOf(request.headers) });
  });
}
