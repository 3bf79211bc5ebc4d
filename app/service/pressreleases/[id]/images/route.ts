import { AppError } from "@/lib/core/errors/errors";
import { apiRoute } from "@/lib/core/http/route";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";

// Spec 4.2 / 9: the legacy image upload is gone for good; it points to the v1 endpoint and its description.
const gone = apiRoute({ route: "/service/pressreleases/[id]/images" }, async (ctx) => {
  const origin = siteOrigin("hub", getSiteHosts());
  const id = new URL(ctx.request.url).pathname.split("/")[3] ?? "{id}";
  const endpoint = `${origin}/api/v1/releases/${/^\d{1,10}$/.test(id) ? id : "{id}"}/images`;
  throw new AppError("gone", `Image upload through /service was retired. Use POST ${endpoint} (API v1, multipart).`, {
    endpoint,
    documentation: `${origin}/docs/api`,
  });
});

export { gone as GET, gone as POST, gone as PUT, gone as DELETE };
