import { VerifyReceiptPage, verifyReceiptMetadata } from "@/components/receipts/verify-page";
import { verifyReceiptAction } from "../nachweis-pruefen/actions";

export const dynamic = "force-dynamic";
export const metadata = verifyReceiptMetadata("en");

export default function Page() {
  return <VerifyReceiptPage edition="en" action={verifyReceiptAction.bind(null, "en")} />;
}
