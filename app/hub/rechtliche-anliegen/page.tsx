import { IntakeLegalPage, legalRequestsMetadata } from "@/components/legal/intake-legal-page";
import { filePublicRequestAction, requestLegalLoginLink } from "./actions";

export const dynamic = "force-dynamic";
export const metadata = legalRequestsMetadata("de");

export default function Page() {
  return (
    <IntakeLegalPage
      edition="de"
      requestLink={requestLegalLoginLink.bind(null, "de")}
      fileRequest={filePublicRequestAction.bind(null, "de")}
    />
  );
}
