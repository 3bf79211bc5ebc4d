import { robotsTxt } from "@/lib/adapters/public/seo/robots";

// Always read at request time: what is public changes with every publication.
export const dynamic = "force-dynamic";

export function GET() {
  return new Response(robotsTxt("hub"), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
