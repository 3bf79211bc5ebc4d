import { ContactPage, contactMetadata } from "@/components/legal/contact-page";
import { submitContactAction } from "../kontakt/actions";

export const dynamic = "force-dynamic";
export const metadata = contactMetadata("en");

export default function Page() {
  return <ContactPage edition="en" action={submitContactAction.bind(null, "en")} />;
}
