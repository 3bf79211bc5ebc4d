import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NewsletterCampaignForm } from "@/components/admin/newsletter-campaign-form";
import { NewsletterPreview } from "@/components/admin/newsletter-preview";
import { NewsletterProgressStats } from "@/components/admin/newsletter-progress";
import { NewsletterRefresh } from "@/components/admin/newsletter-refresh";
import { NewsletterStartPanel } from "@/components/admin/newsletter-start-panel";
import { NewsletterStatusBadge } from "@/components/admin/newsletter-status-badge";
import { describeFilter } from "@/components/newsletter/labels";
import { ActionButton } from "@/components/ui/action-button";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/domains/auth/session";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { loadCampaign } from "@/lib/domains/newsletter/load-campaign";
import { previewCampaign } from "@/lib/domains/newsletter/preview-campaign";
import { isNewsletterSendingEnabled } from "@/lib/domains/newsletter/sending-switch";
import { countRecipientsAction, resumeCampaignAction, startCampaignAction, updateCampaignAction } from "../actions";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Newsletter" };

export default async function NewsletterPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdmin(ADMIN_SCREENS.newsletter.permission);
  const id = Number((await params).id);
  const started = Number((await searchParams).gestartet);
  const campaign = Number.isSafeInteger(id) && id > 0 ? await loadCampaign(id) : null;
  if (!campaign) notFound();
  const preview = await previewCampaign({ campaignId: campaign.id });
  const sendingEnabled = isNewsletterSendingEnabled();
  const isDraft = campaign.status === "draft";
  return (
    <>
      <NewsletterRefresh active={campaign.status === "sending"} />
      <PageHeader
        back={{ href: "/admin/newsletter", label: "Alle Newsletter" }}
        title={campaign.subject || "Newsletter ohne Betreff"}
        actions={<NewsletterStatusBadge status={campaign.status} />}
      />
      <p className="meta">
        Angelegt {formatBerlin(campaign.createdAt)}
        {campaign.startedAt ? ` · gestartet ${formatBerlin(campaign.startedAt)}` : ""}
        {campaign.finishedAt ? ` · abgeschlossen ${formatBerlin(campaign.finishedAt)}` : ""}
        {isDraft ? "" : ` · ${describeFilter(campaign.filter)}`}
      </p>
      {isDraft ? (
        <>
          <NewsletterCampaignForm
            initial={{ subject: campaign.subject, bodyHtml: campaign.bodyHtml, filter: campaign.filter }}
            initialCount={preview.recipientCount}
            save={updateCampaignAction.bind(null, campaign.id)}
            countRecipients={countRecipientsAction}
            submitLabel="Entwurf speichern"
          />
          <h2>Prüfen und versenden</h2>
          <NewsletterStartPanel
            recipientCount={preview.recipientCount}
            sendingEnabled={sendingEnabled}
            start={startCampaignAction.bind(null, campaign.id)}
          />
        </>
      ) : (
        <section className="panel" aria-label="Versandstand">
          {Number.isSafeInteger(started) && started > 0 ? (
            <Notice tone="success" role="status">
              Versand gestartet: {started.toLocaleString("de-DE")} Empfänger. Die Zahlen aktualisieren sich von selbst.
            </Notice>
          ) : null}
          <NewsletterProgressStats progress={campaign.progress} recipientCount={campaign.recipientCount} />
          {campaign.status === "sending" ? (
            sendingEnabled ? (
              <>
                <p className="hint">
                  Steht der Zähler still (Störung beim Versanddienst, abgebrochener Job), setzt dieser Knopf den Versand fort. Niemand
                  erhält den Newsletter doppelt.
                </p>
                <ActionButton
                  action={resumeCampaignAction.bind(null, campaign.id)}
                  label="Versand fortsetzen"
                  confirmText="Empfänger, die seit über 30 Minuten hängen, werden erneut eingeplant; niemand erhält den Newsletter doppelt. Fortsetzen?"
                />
              </>
            ) : (
              <Notice tone="warning" role="status">
                Der Versand ist ausgeschaltet (<code>NEWSLETTER_SENDING_ENABLED</code>); offene Empfänger warten, bis er wieder
                eingeschaltet und fortgesetzt wird.
              </Notice>
            )
          ) : null}
        </section>
      )}
      <NewsletterPreview preview={preview} />
    </>
  );
}
