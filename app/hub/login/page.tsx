import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { readSession } from "@/lib/auth/session";
import { SITE_NAMES } from "@/lib/sites";
import { login } from "./actions";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Anmelden", robots: { index: false } };

export default async function LoginPage() {
  if (await readSession()) redirect("/dashboard");
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Anmelden</h1>
        <p>Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an, um Pressemitteilungen zu schreiben und einzureichen.</p>
        <LoginForm action={login} />
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
