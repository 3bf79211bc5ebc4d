import { portalCategoryFeed } from "@/lib/adapters/public/feeds/routes";

export const GET = portalCategoryFeed("rss");
