import type { Metadata } from "next";
import Link from "next/link";
import { NoticeForm } from "@/components/billing/notice-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/domains/auth/session";
import { openContracts } from "@/lib/domains/billing/contracts/open-contracts";
import { withdrawContractAction } from "../notice-actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Widerruf" };

// Consumers may withdraw from a contract within 14 days (§355 BGB); this is the withdrawal form.
export default async function WithdrawalPage() {
  const { user } = await requireUser();
  const contracts = await openContracts(user.id, "withdrawal");
  return (
    <>
      <PageHeader
        back={{ href: "/dashboard/billing", label: "Abrechnung" }}
        title="Widerruf erklären"
        description={
          <>
            Als Verbraucherin oder Verbraucher können Sie einen Vertrag binnen 14 Tagen nach Vertragsschluss ohne Angabe von Gründen
            widerrufen. Der Vertrag endet dann sofort; bereits gezahlte Beträge erstatten wir. Für Unternehmen gilt die Kündigung zum Ende
            des Abrechnungszeitraums: <Link href="/dashboard/billing/cancel">Verträge hier kündigen</Link>.
          </>
        }
      />
      {contracts.length ? (
        <NoticeForm kind="withdrawal" contracts={contracts} action={withdrawContractAction} accountEmail={user.email} />
      ) : (
        <p className="empty">Sie haben keinen laufenden Vertrag.</p>
      )}
    </>
  );
}
