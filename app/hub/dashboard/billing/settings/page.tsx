import type { Metadata } from "next";
import { InvoiceDeliveryForm } from "@/components/billing/invoice-delivery-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/domains/auth/session";
import { loadBillingAddress } from "@/lib/domains/billing/invoices/billing-address";
import { EMPTY_BILLING_ADDRESS_FORM, type BillingAddressFormValues } from "@/lib/domains/billing/invoices/billing-address-fields";
import { saveBillingAddressAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rechnungsadresse und Rechnungsversand" };

// Profile → invoice delivery (spec 4.3, 4.6): where invoices are addressed and who receives them.
export default async function BillingSettingsPage() {
  const { user } = await requireUser();
  const { address } = await loadBillingAddress(user.id);
  const initial: BillingAddressFormValues = address
    ? { ...address, company: address.company ?? "", vatId: address.vatId ?? "", invoiceEmail: address.invoiceEmail ?? "" }
    : { ...EMPTY_BILLING_ADDRESS_FORM, name: user.name };
  return (
    <>
      <PageHeader back={{ href: "/dashboard/billing", label: "Abrechnung" }} title="Rechnungsadresse und Rechnungsversand" />
      {address ? null : (
        <p>
          Noch ist keine Rechnungsadresse hinterlegt. Bis Sie eine speichern, schicken wir Rechnungen mit PDF an {user.email} und
          adressieren sie an Ihren Namen.
        </p>
      )}
      <InvoiceDeliveryForm initial={initial} accountEmail={user.email} action={saveBillingAddressAction} />
    </>
  );
}
