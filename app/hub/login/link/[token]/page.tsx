import type { Metadata } from "next";
import { LoginLinkButton } from "@/components/auth/login-link-button";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { loginLinkLanding } from "@/lib/accounts/login-links/landing";
import { SITE_NAMES } from "@/lib/sites";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Anmeldelink", robots: { index: false }, referrer: "no-referrer" };

export default async function LoginLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const token = (await params).token.slice(0, 200);
  const next = await loginLinkLanding(token);
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Mit Anmeldelink anmelden</h1>
        <p>Der Link gilt einmal. Mit dem Klick melden Sie sich in diesem Browser an.</p>
        {next === "/dashboard/images/confirm" ? <p>Danach sehen Sie die Bilder, deren Rechte Sie bestätigen sollen.</p> : null}
        {next === "/dashboard/legal-requests" ? <p>Danach sehen Sie Ihre Pressemitteilungen und können einen Antrag stellen.</p> : null}
        <LoginLinkButton token={token} next={next} />
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
