import { LegalPage, legalMetadata } from "@/components/ui/legal-page";

export const metadata = legalMetadata("terms", "en");

export default function Page() {
  return <LegalPage page="terms" edition="en" />;
}
