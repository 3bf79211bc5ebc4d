import { cachedLlmsTxt } from "@/lib/adapters/public/cached-reads";

export const dynamic = "force-dynamic";

export async function GET() {
  return new Response(await cachedLlmsTxt("hub"), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300, s-maxage=3600" } });
}
