import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Zahlungsmethode (Testkasse)", robots: { index: false } };

const safeReturn = (value: string | string[] | undefined) => (typeof value === "string" && value.startsWith("http") ? new URL(value).pathname : "/dashboard/billing");

// Stand-in for Stripe's customer portal on the embedded default.
export default async function LocalPortalPage({ searchParams }: { searchParams: Promise<{ return?: string | string[] }> }) {
  await requireUser();
  const back = safeReturn((await searchParams).return);
  return (
    <main id="main" className="wrap">
      <p className="form-message info" role="note">
        Testkasse dieser lokalen Installation. Mit Stripe-Schlüsseln verwalten Sie hier Ihre Zahlungsmethode und Quittungen bei Stripe.
      </p>
      <h1>Zahlungsmethode</h1>
      <dl className="facts">
        <dt>Karte</dt>
        <dd>Testkarte •••• 4242, gültig bis 12/2030</dd>
      </dl>
      <p>
        <Link href={back}>Zurück zur Abrechnung</Link>
      </p>
    </main>
  );
}
