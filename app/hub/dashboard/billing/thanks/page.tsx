import type { Metadata } from "next";
import Link from "next/link";
import { FormActions } from "@/components/ui/form-actions";
import { LinkButton } from "@/components/ui/link-button";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/domains/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Vielen Dank" };

const NEXT: Record<string, { text: string; href: string; link: string }> = {
  booking: {
    text: "Ihr Paket ist gebucht. Sie können jetzt Pressemitteilungen veröffentlichen; mit den Paketen Business und Agentur auch über die API.",
    href: "/dashboard",
    link: "Zu Ihren Pressemitteilungen",
  },
  credits: { text: "Die Credits sind Ihrem Newsroom gutgeschrieben.", href: "/dashboard/billing", link: "Zur Abrechnung" },
  boost: {
    text: "Die Credits sind gutgeschrieben und der Boost ist gebucht, sofern der Platz noch frei war; sonst bleiben die Credits auf Ihrem Konto.",
    href: "/dashboard/billing",
    link: "Boosts ansehen",
  },
  change: {
    text: "Ihre Änderung wird jetzt übernommen. Sie erhalten eine E-Mail, sobald sie auf dem Portal sichtbar ist.",
    href: "/dashboard",
    link: "Zu Ihren Pressemitteilungen",
  },
};

export default async function ThanksPage({ searchParams }: { searchParams: Promise<{ purpose?: string }> }) {
  await requireUser();
  const { purpose } = await searchParams;
  const next = purpose && Object.hasOwn(NEXT, purpose) ? NEXT[purpose]! : NEXT.credits!;
  return (
    <>
      <PageHeader title="Vielen Dank für Ihre Zahlung" />
      <Notice tone="success" role="status">
        {next.text}
      </Notice>
      <p className="meta">
        Die Bestätigung des Zahlungsanbieters kann einige Sekunden dauern. Ihre Rechnung finden Sie unter Abrechnung; wir senden sie Ihnen
        auch per E-Mail.
      </p>
      <FormActions>
        <LinkButton href={next.href}>{next.link}</LinkButton>
        <Link href="/dashboard/billing">Abrechnung</Link>
      </FormActions>
    </>
  );
}
