import type { Metadata } from "next";
import { NewPasswordForm } from "@/components/auth/new-password-form";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { MIN_PASSWORD_LENGTH } from "@/lib/domains/accounts/passwords/policy";
import { SITE_NAMES } from "@/lib/domains/sites";
import { completeReset } from "../actions";

export const dynamic = "force-dynamic";
// No referrer: the token is in this page's address.
export const metadata: Metadata = { title: "Neues Passwort festlegen", robots: { index: false }, referrer: "no-referrer" };

/** Shows the form only; the link is redeemed when the form is sent (mail scanners open links). */
export default async function NewPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Neues Passwort festlegen</h1>
        <p>Der Link gilt einmal. Danach melden Sie sich mit dem neuen Passwort an.</p>
        <NewPasswordForm token={token.slice(0, 200)} minPasswordLength={MIN_PASSWORD_LENGTH} action={completeReset} />
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
