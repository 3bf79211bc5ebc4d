import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginLinkButton } from "@/components/auth/login-link-button";
import { RegistrationLinkForm } from "@/components/auth/registration-link-form";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { loginLinkLanding } from "@/lib/domains/accounts/login-links/landing";
import { REQUIRED_DOCUMENTS } from "@/lib/domains/legal-terms/documents";
import { SITE_NAMES } from "@/lib/domains/sites";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Anmeldelink", robots: { index: false }, referrer: "no-referrer" };

export default async function LoginLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const token = (await params).token.slice(0, 200);
  const next = await loginLinkLanding(token);
  if (next === "registration") {
    return (
      <>
        <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
        <main id="main" className="wrap">
          <h1>Konto anlegen</h1>
          <p>
            Zu dieser Adresse gibt es noch kein Konto. Mit dem Klick legen Sie eines an und melden sich in diesem Browser an; der Link gilt
            einmal.
          </p>
          <RegistrationLinkForm token={token} documents={REQUIRED_DOCUMENTS} />
        </main>
        <SiteFooter>© Pressdesk</SiteFooter>
      </>
    );
  }
  if (next === "/images/confirm") redirect(`/images/confirm/${token}`);
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Mit Anmeldelink anmelden</h1>
        <p>Der Link gilt einmal. Mit dem Klick melden Sie sich in diesem Browser an.</p>
        {next === "/dashboard/legal-requests" ? <p>Danach sehen Sie Ihre Pressemitteilungen und können einen Antrag stellen.</p> : null}
        <LoginLinkButton token={token} next={next} />
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
