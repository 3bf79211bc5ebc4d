import { ContactPage, contactMetadata } from "@/components/legal/contact-page";
import { submitContactAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata = contactMetadata("de");

export default function Page() {
  return <ContactPage edition="de" action={submitContactAction.bind(null, "de")} />;
}
