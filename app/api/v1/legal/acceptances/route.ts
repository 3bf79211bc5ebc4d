import { userIdOf } from "@/lib/adapters/api/handler";
import { LegalAcceptanceInput } from "@/lib/adapters/api/schemas";
import { apiRoute, json } from "@/lib/core/http/route";
import { clientIpOf, ipHmac } from "@/lib/core/security/client-ip";
import { acceptDocuments, legalStatus } from "@/lib/domains/legal-terms/documents";

type Status = Awaited<ReturnType<typeof legalStatus>>;
const wire = (s: Status) => ({
  complete: s.complete,
  data: s.data.map((d) => ({ document: d.document, version: d.version, title: d.title, accepted_at: d.acceptedAt?.toISOString() ?? null })),
});

export const GET = apiRoute({ route: "/api/v1/legal/acceptances", auth: "token", rateLimit: "api" }, async (ctx) =>
  json(wire(await legalStatus(userIdOf(ctx)))),
);

export const POST = apiRoute(
  { route: "/api/v1/legal/acceptances", auth: "token", rateLimit: "api", body: LegalAcceptanceInput },
  async (ctx) =>
    json(wire(await acceptDocuments(userIdOf(ctx), ctx.body.documents, ipHmac(clientIpOf(ctx.request.headers)))), { status: 201 }),
);
