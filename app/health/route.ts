import { AppError } from "@/lib/core/errors/errors";
import { toErrorResponse } from "@/lib/core/http/problem";
import { checkHealth } from "@/lib/adapters/operations/health";
import { isHealthTokenValid } from "@/lib/adapters/operations/health-token";
import { watchAfterHealthCheck } from "@/lib/adapters/operations/health-watch";

export const dynamic = "force-dynamic";

// GET /health: database, cache, queue backlog, scheduler heartbeat, mail and disk; 200 or 503.
// An authorized call also runs the operations watch (at most once a minute per process).
export async function GET(request: Request) {
  const requestId = crypto.randomUUID();
  if (!isHealthTokenValid(request.headers.get("authorization"))) {
    return toErrorResponse(new AppError("unauthenticated", "A valid bearer token is required."), requestId);
  }
  const report = await checkHealth();
  watchAfterHealthCheck(report);
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "cache-control": "no-store", "x-request-id": requestId },
  });
}
