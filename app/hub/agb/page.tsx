import { LegalPage, legalMetadata } from "@/components/ui/legal-page";

export const metadata = legalMetadata("terms", "de");

export default function Page() {
  return <LegalPage page="terms" edition="de" />;
}
