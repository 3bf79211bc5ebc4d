import { hubEditionFeedRoute } from "@/lib/adapters/public/feeds/routes";

export const GET = hubEditionFeedRoute("rss");
