import type { Metadata } from "next";
import { InvoiceDeliveryForm } from "@/components/billing/invoice-delivery-form";
import { PageHeader } from "@/components/ui/page-header";
import { billingAddressFormStart } from "@/lib/adapters/dashboard/billing-address-form";
import { requireUser } from "@/lib/domains/auth/session";
import { saveBillingAddressAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rechnungsadresse und Rechnungsversand" };

// Profile → invoice delivery (spec 4.3, 4.6): where invoices are addressed and who receives them.
export default async function BillingSettingsPage() {
  const { user } = await requireUser();
  const { initial, isStored, prefilledFrom } = await billingAddressFormStart(user);
  return (
    <>
      <PageHeader back={{ href: "/dashboard/billing", label: "Abrechnung" }} title="Rechnungsadresse und Rechnungsversand" />
      {isStored ? null : (
        <p>
          Noch ist keine Rechnungsadresse hinterlegt. Bis Sie eine speichern, schicken wir Rechnungen mit PDF an {user.email} und
          adressieren sie an Ihren Namen.
          {prefilledFrom
            ? ` Wir haben Firmennamen und Anschrift Ihres Newsrooms „${prefilledFrom}“ eingetragen; prüfen oder ändern Sie sie und speichern Sie dann.`
            : null}
        </p>
      )}
      <InvoiceDeliveryForm initial={initial} accountEmail={user.email} action={saveBillingAddressAction} />
    </>
  );
}
