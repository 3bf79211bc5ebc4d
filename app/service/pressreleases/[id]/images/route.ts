import { AppError } from "@/lib/http/errors";
import { apiRoute } from "@/lib/http/route";
import { getSiteHosts, siteOrigin } from "@/lib/sites";

// Spec 4.2 / 9: the legacy image upload is gone for good. Until API v1 has its image endpoint,
// the pointer is the API documentation, never an address that answers 404.
const gone = apiRoute({}, async () => {
  const documentation = `${siteOrigin("hub", getSiteHosts())}/docs/api`;
  throw new AppError("gone", `Image upload through /service was retired. See the API documentation: ${documentation}`, { documentation });
});

export { gone as GET, gone as POST, gone as PUT, gone as DELETE };
