import { newsSitemap, NEWS_CACHE_CONTROL } from "@/lib/seo/news-sitemap";
import { xmlResponse } from "@/lib/seo/xml";

export async function GET() {
  return xmlResponse(await newsSitemap("hub"), NEWS_CACHE_CONTROL);
}
