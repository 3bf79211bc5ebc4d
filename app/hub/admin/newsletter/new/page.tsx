import type { Metadata } from "next";
import { NewsletterCampaignForm } from "@/components/admin/newsletter-campaign-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/domains/auth/session";
import { countRecipients } from "@/lib/domains/newsletter/recipient-query";
import { DEFAULT_RECIPIENT_FILTER } from "@/lib/domains/newsletter/schemas";
import { countRecipientsAction, createCampaignAction } from "../actions";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Neuer Newsletter" };

export default async function NewNewsletterPage() {
  await requireAdmin(ADMIN_SCREENS.newsletter.permission);
  return (
    <>
      <PageHeader
        back={{ href: "/admin/newsletter", label: "Alle Newsletter" }}
        title="Neuer Newsletter"
        description="Der Newsletter wird als Entwurf gespeichert. Danach sehen Sie die Vorschau und können den Versand starten."
      />
      <NewsletterCampaignForm
        initial={{ subject: "", bodyHtml: "", filter: DEFAULT_RECIPIENT_FILTER }}
        initialCount={await countRecipients(DEFAULT_RECIPIENT_FILTER)}
        save={createCampaignAction}
        countRecipients={countRecipientsAction}
        submitLabel="Entwurf speichern"
      />
    </>
  );
}
