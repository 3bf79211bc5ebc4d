import type { Metadata } from "next";
import { EmailConfirmForm } from "@/components/security/email-confirm-form";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { SITE_NAMES } from "@/lib/domains/sites";
import { confirmNewEmail } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Neue E-Mail-Adresse bestätigen", robots: { index: false }, referrer: "no-referrer" };

// Nothing happens on load (mail scanners open links); the button redeems the link.
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Neue E-Mail-Adresse bestätigen</h1>
        <p>Mit dem Klick wird diese Adresse die E-Mail-Adresse Ihres Kontos. Der Link gilt einmal.</p>
        <EmailConfirmForm action={confirmNewEmail.bind(null, token.slice(0, 200))} />
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
