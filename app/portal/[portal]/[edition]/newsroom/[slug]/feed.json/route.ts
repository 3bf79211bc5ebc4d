import { portalNewsroomFeed } from "@/lib/adapters/public/feeds/routes";

export const GET = portalNewsroomFeed("json");
