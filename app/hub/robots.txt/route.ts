import { robotsTxt } from "@/lib/seo/robots";

export function GET() {
  return new Response(robotsTxt("hub"), { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
