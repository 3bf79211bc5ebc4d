import { releaseRoute } from "@/components/portal/release-route-page";

const route = releaseRoute("pressemitteilung");
export const generateMetadata = route.generateMetadata;
export default route.Page;
