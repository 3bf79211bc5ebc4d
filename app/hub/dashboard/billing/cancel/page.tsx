import type { Metadata } from "next";
import { NoticeForm } from "@/components/billing/notice-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/domains/auth/session";
import { openContracts } from "@/lib/domains/billing/contracts/open-contracts";
import { formatBerlinDay } from "@/lib/core/time/berlin-time";
import { cancelContractAction } from "../notice-actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Verträge hier kündigen" };

// The confirmation page of the cancellation button (§312k BGB): one form, no detour.
export default async function CancelPage() {
  const { user } = await requireUser();
  const now = new Date();
  // Each contract says when a notice ends it, before the button is pressed.
  const contracts = (await openContracts(user.id, "cancellation")).map((c) => ({
    id: c.id,
    label: `${c.label}; endet bei Kündigung ${c.periodEnd && c.periodEnd > now ? `am ${formatBerlinDay(c.periodEnd)}` : "sofort"}`,
  }));
  return (
    <>
      <PageHeader
        back={{ href: "/dashboard/billing", label: "Abrechnung" }}
        title="Verträge hier kündigen"
        description="Ihre Kündigung wirkt zum Ende des laufenden Abrechnungszeitraums. Bis dahin bleibt Ihr Paket mit allen Leistungen nutzbar. Sie erhalten sofort eine Bestätigung mit Datum und Uhrzeit des Eingangs."
      />
      {contracts.length ? (
        <NoticeForm kind="cancellation" contracts={contracts} action={cancelContractAction} accountEmail={user.email} />
      ) : (
        <p className="empty">Sie haben keinen laufenden Vertrag, der gekündigt werden kann.</p>
      )}
    </>
  );
}
