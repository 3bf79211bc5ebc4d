import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RegisterForm } from "@/components/auth/register-form";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { MIN_PASSWORD_LENGTH } from "@/lib/domains/accounts/passwords/policy";
import { readSession } from "@/lib/domains/auth/session";
import { REQUIRED_DOCUMENTS } from "@/lib/domains/legal-terms/documents";
import { SITE_NAMES } from "@/lib/domains/sites";
import { register } from "./actions";

export const dynamic = "force-dynamic";
// No referrer: from an invitation, the address carries the invitation's token.
export const metadata: Metadata = { title: "Registrieren", robots: { index: false }, referrer: "no-referrer" };

type SearchParams = Promise<{ email?: string | string[]; invitation?: string | string[] }>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export default async function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  if (await readSession()) redirect("/dashboard");
  // From an invitation page (app/hub/invitation): the invited address preset, the token carried along.
  const params = await searchParams;
  const invitation = first(params.invitation).slice(0, 200);
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Konto anlegen</h1>
        <p>
          Schon registriert? <a href="/login">Zur Anmeldung</a>.
        </p>
        {invitation ? (
          <p>
            Sie wurden in einen Newsroom eingeladen. Legen Sie Ihr Konto mit der eingeladenen Adresse an; sobald Sie die Adresse mit dem
            Link aus unserer E-Mail bestätigen, gehören Sie zum Team.
          </p>
        ) : null}
        <RegisterForm
          action={register}
          documents={REQUIRED_DOCUMENTS}
          minPasswordLength={MIN_PASSWORD_LENGTH}
          defaultEmail={first(params.email).slice(0, 320)}
          invitation={invitation}
        />
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
