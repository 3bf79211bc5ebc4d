import { hubCategoryFeedRoute } from "@/lib/adapters/public/feeds/routes";

export const GET = hubCategoryFeedRoute("rss");
