import { recordCspReports } from "@/lib/security/csp-report";

// Browsers send reports without credentials, as application/csp-report or application/reports+json.
export async function POST(request: Request): Promise<Response> {
  const text = await request.text();
  if (text.length > 64 * 1024) return new Response(null, { status: 413 });
  try {
    await recordCspReports(JSON.parse(text));
  } catch {
    return new Response(null, { status: 400 });
  }
  return new Response(null, { status: 204 });
}
