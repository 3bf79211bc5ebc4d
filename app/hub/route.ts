import { hubLandingResponse } from "@/components/hub/landing/hub-landing-route";

export const GET = () => hubLandingResponse("de");
