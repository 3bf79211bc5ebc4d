import { releasePage } from "@/components/portal/release-page";

export const GET = releasePage("press-release");
