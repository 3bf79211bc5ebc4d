import { cachedNewsSitemap } from "@/lib/adapters/public/cached-reads";
import { NEWS_CACHE_CONTROL } from "@/lib/adapters/public/seo/news-sitemap";
import { xmlResponse } from "@/lib/adapters/public/seo/xml";

// Always read at request time: what is public changes with every publication.
export const dynamic = "force-dynamic";

export async function GET() {
  return xmlResponse(await cachedNewsSitemap("hub"), NEWS_CACHE_CONTROL);
}
