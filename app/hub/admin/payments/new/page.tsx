import type { Metadata } from "next";
import { ManualInvoiceForm } from "@/components/admin/payments/manual-invoice-form";
import { PageHeader } from "@/components/ui/page-header";
import { MANUAL_INVOICE_FORM_LINES } from "@/lib/adapters/admin/manual-invoice-form";
import { requireAdmin } from "@/lib/domains/auth/session";
import { berlinDay } from "@/lib/domains/billing/agreements/billing-period";
import { VAT_RATE_PERCENT } from "@/lib/domains/prices/catalog";
import { getConfig } from "@/lib/core/config";
import { issueManualInvoice } from "../actions";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rechnung ausstellen" };

/** The current calendar month in Berlin, as the date fields want it. */
function currentMonth(now: Date): { start: string; end: string } {
  const today = berlinDay(now);
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${today.slice(0, 8)}01`, end: `${today.slice(0, 8)}${String(lastDay).padStart(2, "0")}` };
}

// A manual invoice (MAN) for a customer who pays by bank transfer.
export default async function NewManualInvoicePage() {
  await requireAdmin(ADMIN_SCREENS.payments.permission);
  const termDays = getConfig().billing.paymentTermDays;
  return (
    <>
      <PageHeader
        back={{ href: "/admin/payments", label: "Zahlungen" }}
        title="Rechnung ausstellen"
        description={`Eine manuelle Rechnung (MAN) für ein bestehendes Kundenkonto, zahlbar per Überweisung innerhalb von ${termDays} Tagen. Die Nummer wird beim Ausstellen vergeben; eine ausgestellte Rechnung wird nicht gelöscht, nur storniert.`}
      />
      <ManualInvoiceForm
        action={issueManualInvoice}
        lineCount={MANUAL_INVOICE_FORM_LINES}
        defaultPeriod={currentMonth(new Date())}
        vatHint={`Preise netto; die Umsatzsteuer (${VAT_RATE_PERCENT} %) wird auf der Summe ausgewiesen. Komma oder Punkt als Dezimalzeichen.`}
      />
    </>
  );
}
