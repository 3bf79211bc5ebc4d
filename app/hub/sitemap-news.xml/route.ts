import { cachedNewsSitemap } from "@/lib/public/cached-reads";
import { NEWS_CACHE_CONTROL } from "@/lib/seo/news-sitemap";
import { xmlResponse } from "@/lib/seo/xml";

// Always read at request time: what is public changes with every publication.
export const dynamic = "force-dynamic";

export async function GET() {
  return xmlResponse(await cachedNewsSitemap("hub"), NEWS_CACHE_CONTROL);
}
