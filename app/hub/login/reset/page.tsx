import type { Metadata } from "next";
import { PasswordResetRequestForm } from "@/components/auth/password-reset-request-form";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { SITE_NAMES } from "@/lib/domains/sites";
import { requestReset } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Passwort vergessen?", robots: { index: false } };

export default function PasswordResetRequestPage() {
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Passwort vergessen?</h1>
        <p>
          Geben Sie die E-Mail-Adresse Ihres Kontos an. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen; er gilt 60
          Minuten. Danach werden alle Geräte abgemeldet.
        </p>
        <PasswordResetRequestForm action={requestReset} />
        <p>
          Passwort wieder eingefallen? <a href="/login">Zur Anmeldung</a>
        </p>
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
