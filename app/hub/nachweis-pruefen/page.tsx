import { VerifyReceiptPage, verifyReceiptMetadata } from "@/components/receipts/verify-page";
import { verifyReceiptAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata = verifyReceiptMetadata("de");

export default function Page() {
  return <VerifyReceiptPage edition="de" action={verifyReceiptAction.bind(null, "de")} />;
}
