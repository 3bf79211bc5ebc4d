import { z } from "zod";
import { apiRoute, json } from "@/lib/core/http/route";
import { assertSameOrigin, staffSessionOrThrow } from "@/lib/domains/auth/session-route";
import { uploadImageFromRequest } from "@/lib/domains/release-images/upload-from-request";
import { RecordIdParam } from "@/lib/core/input/ids";

// POST /admin/releases/<id>/images/upload: an admin adds an image to any release. It stays
// hidden until an owner of the newsroom confirms it by the e-mail link (lib decides and mails).
export const POST = apiRoute(
  { route: "/hub/admin/releases/[id]/images/upload", params: z.object({ id: RecordIdParam }) },
  async ({ request, params }) => {
    assertSameOrigin(request);
    const { user } = await staffSessionOrThrow("press-releases:publish");
    return json(await uploadImageFromRequest(request, { releaseId: params.id, userId: user.id, asAdmin: true, source: "admin" }), {
      status: 201,
    });
  },
);
