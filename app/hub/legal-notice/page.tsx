import { LegalPage, legalMetadata } from "@/components/ui/legal-page";

export const metadata = legalMetadata("imprint", "en");

export default function Page() {
  return <LegalPage page="imprint" edition="en" />;
}
