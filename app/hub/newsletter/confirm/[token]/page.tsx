import { confirmMetadata, NewsletterConfirmPage } from "@/components/newsletter/confirm-page";
import { confirmAction } from "../../actions";

export const dynamic = "force-dynamic";
export const metadata = confirmMetadata("de");

// Nothing happens on load (mail scanners open links); the button confirms.
export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <NewsletterConfirmPage edition="de" action={confirmAction.bind(null, token.slice(0, 200), "de")} />;
}
