import { IntakeLegalPage, legalRequestsMetadata } from "@/components/legal/intake-legal-page";
import { filePublicRequestAction, requestLegalLoginLink } from "../rechtliche-anliegen/actions";

export const dynamic = "force-dynamic";
export const metadata = legalRequestsMetadata("en");

export default function Page() {
  return (
    <IntakeLegalPage
      edition="en"
      requestLink={requestLegalLoginLink.bind(null, "en")}
      fileRequest={filePublicRequestAction.bind(null, "en")}
    />
  );
}
