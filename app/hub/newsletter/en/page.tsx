import { NewsletterSignupPage, signupMetadata } from "@/components/newsletter/signup-page";
import { signupAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata = signupMetadata("en");

export default function Page() {
  return <NewsletterSignupPage edition="en" action={signupAction.bind(null, "en")} />;
}
