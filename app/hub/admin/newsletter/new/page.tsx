import type { Metadata } from "next";
import Link from "next/link";
import { NewsletterCampaignForm } from "@/components/admin/newsletter-campaign-form";
import { requireAdmin } from "@/lib/auth/session";
import { countRecipients } from "@/lib/newsletter/recipient-query";
import { DEFAULT_RECIPIENT_FILTER } from "@/lib/newsletter/schemas";
import { countRecipientsAction, createCampaignAction } from "../actions";
import { ADMIN_SCREENS } from "@/lib/admin/screens";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Neuer Newsletter" };

export default async function NewNewsletterPage() {
  await requireAdmin(ADMIN_SCREENS.newsletter.permission);
  return (
    <>
      <p className="meta">
        <Link href="/admin/newsletter">← Alle Newsletter</Link>
      </p>
      <h1>Neuer Newsletter</h1>
      <p>Der Newsletter wird als Entwurf gespeichert. Danach sehen Sie die Vorschau und können den Versand starten.</p>
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
