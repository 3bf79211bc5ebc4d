import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { oidcProviderSettings } from "@/lib/domains/accounts/third-party";
import { keepsStaffSession } from "@/lib/domains/auth/impersonation/browser-cookies";
import { readSession } from "@/lib/domains/auth/session";
import { SITE_NAMES } from "@/lib/domains/sites";
import { endImpersonationAction } from "../impersonation/actions";
import { requestLoginLink, startPasskeySignIn } from "./actions";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Anmelden", robots: { index: false } };

const param = (v: string | string[] | undefined) => (typeof v === "string" ? v.slice(0, 40) : null);

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await readSession()) redirect("/login/continue");
  const query = await searchParams;
  const oidc = oidcProviderSettings();
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Anmelden</h1>
        {(await keepsStaffSession()) ? (
          // A support access ended by its time limit: the staff member's own session was kept aside.
          <form action={endImpersonationAction}>
            <Notice
              tone="info"
              actions={
                <Button type="submit" variant="secondary">
                  Zurück zum Verwaltungsbereich
                </Button>
              }
            >
              Der Support-Zugang ist beendet.
            </Notice>
          </form>
        ) : null}
        <p>
          Melden Sie sich an, um Pressemitteilungen zu schreiben und einzureichen. Noch kein Konto?{" "}
          <a href="/register">Jetzt registrieren</a>.
        </p>
        <LoginForm
          startPasskeySignIn={startPasskeySignIn}
          requestLoginLink={requestLoginLink}
          thirdParty={oidc ? { id: oidc.id, name: oidc.name } : null}
          initialError={param(query.error)}
          notice={param(query.notice)}
        />
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
