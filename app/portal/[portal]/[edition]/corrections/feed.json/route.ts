import { portalCorrectionsFeed } from "@/lib/adapters/public/feeds/routes";

export const GET = portalCorrectionsFeed("json");
