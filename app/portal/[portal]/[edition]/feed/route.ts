import { portalEditionFeed } from "@/lib/adapters/public/feeds/routes";

export const GET = portalEditionFeed("rss");
