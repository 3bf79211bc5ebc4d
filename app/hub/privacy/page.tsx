import { LegalPage, legalMetadata } from "@/components/ui/legal-page";

export const metadata = legalMetadata("privacy", "en");

export default function Page() {
  return <LegalPage page="privacy" edition="en" />;
}
