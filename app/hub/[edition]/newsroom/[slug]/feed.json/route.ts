import { hubNewsroomFeedRoute } from "@/lib/adapters/public/feeds/routes";

export const GET = hubNewsroomFeedRoute("json");
