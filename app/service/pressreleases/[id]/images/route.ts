import { AppError } from "@/lib/http/errors";
import { apiRoute } from "@/lib/http/route";
import { getSiteHosts, siteOrigin } from "@/lib/sites";

// Spec 4.2 / 9: the legacy image upload is gone for good; image rights need the v1 form.
const gone = apiRoute({}, async (ctx) => {
  const id = new URL(ctx.request.url).pathname.split("/").at(-2);
  throw new AppError("gone", "Image upload through /service was retired. Upload images through API v1.", {
    replacement: `/api/v1/releases/${id}/images`,
    documentation: `${siteOrigin("hub", getSiteHosts())}/docs/api`,
  });
});

export { gone as GET, gone as POST, gone as PUT, gone as DELETE };
