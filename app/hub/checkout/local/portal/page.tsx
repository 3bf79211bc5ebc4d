import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Notice } from "@/components/ui/notice";
import { requireUser } from "@/lib/domains/auth/session";
import { getConfig } from "@/lib/core/config";
import { hubUrl } from "@/lib/domains/sites/urls";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Zahlungsmethode (Testkasse)", robots: { index: false } };

/** Back to a path of ours only: anything else (another site, "//host", junk) goes to the billing page. */
function safeReturn(value: string | string[] | undefined): string {
  if (typeof value !== "string") return "/dashboard/billing";
  try {
    const url = new URL(value, hubUrl("/"));
    return url.origin === new URL(hubUrl("/")).origin && url.pathname.startsWith("/dashboard/") ? url.pathname : "/dashboard/billing";
  } catch {
    return "/dashboard/billing";
  }
}

// Stand-in for Stripe's customer portal on the embedded default.
export default async function LocalPortalPage({ searchParams }: { searchParams: Promise<{ return?: string | string[] }> }) {
  if (!getConfig().billing.localCheckout) notFound();
  await requireUser();
  const back = safeReturn((await searchParams).return);
  return (
    <main id="main" className="wrap">
      <Notice tone="info" role="note">
        Testkasse dieser lokalen Installation. Mit Stripe-Schlüsseln verwalten Sie hier Ihre Zahlungsmethode und Quittungen bei Stripe.
      </Notice>
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
