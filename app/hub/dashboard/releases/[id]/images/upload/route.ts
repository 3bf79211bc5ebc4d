import { z } from "zod";
import { apiRoute, json } from "@/lib/core/http/route";
import { assertSameOrigin, sessionOrThrow } from "@/lib/domains/auth/session-route";
import { uploadImageFromRequest } from "@/lib/domains/release-images/upload-from-request";
import { RecordIdParam } from "@/lib/core/input/ids";

// POST /dashboard/releases/<id>/images/upload: the release page's image upload (multipart, up to
// 16 MiB, which a server action cannot take). Answers { image, warnings } or the JSON error body.
// The upload carries the rights confirmation: staff signed in as the customer are refused by the
// domain (403) and use the admin upload.
export const POST = apiRoute(
  { route: "/hub/dashboard/releases/[id]/images/upload", params: z.object({ id: RecordIdParam }) },
  async ({ request, params }) => {
    assertSameOrigin(request);
    const { user, session } = await sessionOrThrow();
    return json(await uploadImageFromRequest(request, { releaseId: params.id, userId: user.id, source: "dashboard", acting: session }), {
      status: 201,
    });
  },
);
