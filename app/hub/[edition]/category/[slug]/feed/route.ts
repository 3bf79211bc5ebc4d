import { hubCategoryFeed } from "@/lib/adapters/public/feeds/hub-redirects";
import { feedNotFound, feedResponse } from "@/lib/adapters/public/feeds/respond";
import { isEdition } from "@/lib/domains/sites";

export async function GET(_request: Request, { params }: { params: Promise<{ edition: string; slug: string }> }) {
  const { edition, slug } = await params;
  return isEdition(edition) ? feedResponse(await hubCategoryFeed(edition, slug)) : feedNotFound();
}
