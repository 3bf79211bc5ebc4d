import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RegisterForm } from "@/components/auth/register-form";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { MIN_PASSWORD_LENGTH } from "@/lib/accounts/passwords/policy";
import { readSession } from "@/lib/auth/session";
import { REQUIRED_DOCUMENTS } from "@/lib/legal/documents";
import { SITE_NAMES } from "@/lib/sites";
import { register } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Registrieren", robots: { index: false } };

export default async function RegisterPage() {
  if (await readSession()) redirect("/dashboard");
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Konto anlegen</h1>
        <p>
          Schon registriert? <a href="/login">Zur Anmeldung</a>.
        </p>
        <RegisterForm action={register} documents={REQUIRED_DOCUMENTS} minPasswordLength={MIN_PASSWORD_LENGTH} />
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
