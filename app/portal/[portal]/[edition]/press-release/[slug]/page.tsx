import { releaseRoute } from "@/components/portal/release-route-page";

const route = releaseRoute("press-release");
export const generateMetadata = route.generateMetadata;
export default route.Page;
