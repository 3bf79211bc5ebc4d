import { hubLandingResponse } from "@/components/hub/landing/hub-landing-route";
import { keptByRoute } from "@/lib/adapters/public/stored-answers/route-keeps";

export const GET = (request: Request) => keptByRoute(request, () => hubLandingResponse("de"));
