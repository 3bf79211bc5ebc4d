import { z } from "zod";
import { previewAnswer, withPreviewHeaders } from "@/components/previews/preview-answers";
import { apiRoute } from "@/lib/core/http/route";
import { openPreviewLink } from "@/lib/domains/releases/previews/open-preview-link";

export const dynamic = "force-dynamic";

const params = z.object({ token: z.string() });

// GET /vorschau/<token> on the hub: a journalist's embargoed preview (docs/previews.md). 200 with
// the page (the open is counted), 307 to the public page once published, 410 once the link
// ended, 404 for a token that names no link; private, never cached or indexed.
export const GET = withPreviewHeaders(
  apiRoute({ route: "/hub/vorschau/[token]", rateLimit: "previewOpen", params }, async ({ params }) =>
    previewAnswer(await openPreviewLink({ token: params.token }), params.token),
  ),
);

// HEAD: the same status without counting an open (link checkers and mail scanners ask so).
export const HEAD = withPreviewHeaders(
  apiRoute({ route: "/hub/vorschau/[token]", rateLimit: "previewOpen", params }, async ({ params }) => {
    const answer = await previewAnswer(await openPreviewLink({ token: params.token, countOpen: false }), params.token);
    return new Response(null, { status: answer.status, headers: answer.headers });
  }),
);
