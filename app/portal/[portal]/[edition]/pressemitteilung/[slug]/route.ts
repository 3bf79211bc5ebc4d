import { releasePage } from "@/components/portal/release-page";

export const GET = releasePage("pressemitteilung");
