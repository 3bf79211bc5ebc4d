import { readBodyText } from "@/lib/core/http/body";
import { cspReportRetryAfterSeconds, recordCspReports } from "@/lib/core/security/csp-report";

const MAX_BODY_BYTES = 64 * 1024;

// Browsers send reports without credentials, as application/csp-report or application/reports+json.
export async function POST(request: Request): Promise<Response> {
  // Before the body is read: a flood costs one counter, not a parse and 20 report keys.
  const retryAfter = await cspReportRetryAfterSeconds(request.headers);
  if (retryAfter !== null) return new Response(null, { status: 429, headers: { "retry-after": String(retryAfter) } });
  // Counted while it streams: a chunked body without a length stops at the limit too.
  const text = await readBodyText(request, MAX_BODY_BYTES).catch(() => null);
  if (text === null) return new Response(null, { status: 413 });
  try {
    await recordCspReports(JSON.parse(text));
  } catch {
    return new Response(null, { status: 400 });
  }
  return new Response(null, { status: 204 });
}
