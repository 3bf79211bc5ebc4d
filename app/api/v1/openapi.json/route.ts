import { openApiDocument } from "@/lib/adapters/api/openapi";

// The machine-readable v1 description at a stable URL, generated from the handlers' schemas.
export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" } });
}
