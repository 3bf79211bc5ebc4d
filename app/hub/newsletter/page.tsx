import { NewsletterSignupPage, signupMetadata } from "@/components/newsletter/signup-page";
import { signupAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata = signupMetadata("de");

export default function Page() {
  return <NewsletterSignupPage edition="de" action={signupAction.bind(null, "de")} />;
}
