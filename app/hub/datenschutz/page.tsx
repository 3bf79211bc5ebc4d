import { LegalPage, legalMetadata } from "@/components/ui/legal-page";

export const metadata = legalMetadata("privacy", "de");

export default function Page() {
  return <LegalPage page="privacy" edition="de" />;
}
