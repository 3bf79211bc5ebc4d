import { z } from "zod";
import { AppError } from "@/lib/core/errors/errors";
import { apiRoute } from "@/lib/core/http/route";
import { applyUnsubscribe } from "@/lib/domains/mail/unsubscribe";
import { getSiteHosts, siteOrigin } from "@/lib/domains/sites";

const query = z.object({ t: z.string().max(2000) });

// POST /api/unsubscribe?t=: RFC 8058 one-click unsubscribe; the signed token is the only credential.
export const POST = apiRoute({ route: "/api/unsubscribe", query }, async ({ query }) => {
  const done = await applyUnsubscribe(query.t);
  if (!done) throw new AppError("bad_request", "This unsubscribe link is not valid.");
  return Response.json({ unsubscribed: true, scope: done.scope });
});

// GET: a person who opens the header's link gets the page with the visible button.
export const GET = apiRoute(
  { route: "/api/unsubscribe", query },
  async ({ query }) =>
    new Response(null, {
      status: 303,
      headers: { location: `${siteOrigin("hub", getSiteHosts())}/unsubscribe?t=${encodeURIComponent(query.t)}` },
    }),
);
