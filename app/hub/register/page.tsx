import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RegisterForm } from "@/components/auth/register-form";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { MIN_PASSWORD_LENGTH } from "@/lib/domains/accounts/passwords/policy";
import { readSession } from "@/lib/domains/auth/session";
import { REQUIRED_DOCUMENTS } from "@/lib/domains/legal-terms/documents";
import { SITE_NAMES } from "@/lib/domains/sites";
import { formatEuro } from "@/lib/domains/billing/money";
import { PLANS, type PlanId } from "@/lib/domains/prices/catalog";
import { Notice } from "@/components/ui/notice";
import { register } from "./actions";

export const dynamic = "force-dynamic";
// No referrer: from an invitation, the address carries the invitation's token.
export const metadata: Metadata = { title: "Registrieren", robots: { index: false }, referrer: "no-referrer" };

type SearchParams = Promise<{ email?: string | string[]; invitation?: string | string[]; plan?: string | string[] }>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export default async function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  if (await readSession()) redirect("/dashboard");
  // From an invitation page (app/hub/invitation): the invited address preset, the token carried along.
  const params = await searchParams;
  const invitation = first(params.invitation).slice(0, 200);
  // From a plan card of the front page: the choice is confirmed here and booked after sign-in.
  const planId = first(params.plan);
  const plan = Object.hasOwn(PLANS, planId) ? PLANS[planId as PlanId] : null;
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
        {plan && !invitation ? (
          <Notice tone="info">
            Gewählt: Paket {plan.name}, {formatEuro(plan.monthlyNetCents)} netto im Monat, {plan.monthlyReleaseQuota} Veröffentlichungen im
            Kalendermonat. Nach der Anmeldung legen Sie Ihren Newsroom an und buchen das Paket unter „Abrechnung“; bis dahin wird nichts
            berechnet.
          </Notice>
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
