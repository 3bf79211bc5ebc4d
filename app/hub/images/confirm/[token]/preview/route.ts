import { z } from "zod";
import { apiRoute } from "@/lib/core/http/route";
import { notFound } from "@/lib/core/errors/errors";
import { loadImagePreview } from "@/lib/domains/release-images/load-image-preview";
import { waitingImageOfLink } from "@/lib/domains/images/confirmation-link/find-confirmation-link";

// GET /images/confirm/<token>/preview: the small JPEG of the one image an open image-confirmation
// link names, while it waits for the owner, for its confirmation page. Private: never stored by any cache.
export const GET = apiRoute(
  { route: "/hub/images/confirm/[token]/preview", params: z.object({ token: z.string().max(200) }) },
  async ({ params }) => {
    const link = await waitingImageOfLink(params.token);
    if (!link) throw notFound("Image not found.");
    const { bytes, contentType } = await loadImagePreview({ imageId: link.imageId, userId: link.userId });
    return new Response(new Uint8Array(bytes), {
      headers: { "content-type": contentType, "cache-control": "private, no-store", "content-disposition": "inline" },
    });
  },
);
