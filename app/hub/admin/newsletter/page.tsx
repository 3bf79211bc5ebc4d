import type { Metadata } from "next";
import Link from "next/link";
import { NewsletterProgressBar } from "@/components/admin/newsletter-progress";
import { NewsletterStatusBadge } from "@/components/admin/newsletter-status-badge";
import { describeFilter, recipientsLabel } from "@/components/newsletter/labels";
import { LinkButton } from "@/components/ui/link-button";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Table } from "@/components/ui/table";
import { requireAdmin } from "@/lib/domains/auth/session";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { listCampaigns, subscriberTotals } from "@/lib/domains/newsletter/list-campaigns";
import { isNewsletterSendingEnabled } from "@/lib/domains/newsletter/sending-switch";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import styles from "./newsletter-list.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Newsletter" };

export default async function NewsletterListPage() {
  await requireAdmin(ADMIN_SCREENS.newsletter.permission);
  const [campaigns, totals] = await Promise.all([listCampaigns(), subscriberTotals()]);
  const n = (v: number) => v.toLocaleString("de-DE");
  return (
    <>
      <PageHeader title="Newsletter" actions={<LinkButton href="/admin/newsletter/new">Neuer Newsletter</LinkButton>} />
      <p className="meta">
        {n(totals.confirmed)} bestätigte Abonnenten · {n(totals.pending)} warten auf ihre Bestätigung · Anmeldung für Leser:{" "}
        <a href="/newsletter">/newsletter</a>
      </p>
      {!isNewsletterSendingEnabled() ? (
        <Notice tone="warning" role="status">
          Der Versand ist auf diesem System ausgeschaltet (<code>NEWSLETTER_SENDING_ENABLED</code>): Entwürfe lassen sich schreiben und in
          der Vorschau prüfen, aber nicht starten.
        </Notice>
      ) : null}
      {campaigns.length ? (
        <Table caption="Die neuesten 100 Newsletter" showCaption>
          <thead>
            <tr>
              <th scope="col">Betreff</th>
              <th scope="col">Status</th>
              <th scope="col">Empfänger</th>
              <th scope="col">Versendet</th>
              <th scope="col">Fehlgeschlagen</th>
              <th scope="col" className={styles.progressColumn}>
                Fortschritt
              </th>
              <th scope="col">Gestartet</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link href={`/admin/newsletter/${c.id}`}>{c.subject || "(ohne Betreff)"}</Link>
                  <div className="meta">
                    {describeFilter(c.filter)} · angelegt {formatBerlin(c.createdAt)}
                  </div>
                </td>
                <td>
                  <NewsletterStatusBadge status={c.status} />
                </td>
                <td>{c.status === "draft" ? "–" : recipientsLabel(c.recipientCount)}</td>
                <td>{c.status === "draft" ? "–" : n(c.progress.sent)}</td>
                <td>{c.status === "draft" ? "–" : n(c.progress.failed)}</td>
                <td>
                  {c.status === "draft" ? (
                    <span className="meta">noch nicht gestartet</span>
                  ) : (
                    <>
                      <NewsletterProgressBar progress={c.progress} label={`Fortschritt ${c.subject}: ${c.progress.percent} %`} />
                      <span className="meta">{c.progress.percent} %</span>
                    </>
                  )}
                </td>
                <td>{c.startedAt ? formatBerlin(c.startedAt) : "–"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="empty">Noch kein Newsletter. Legen Sie den ersten an – er bleibt ein Entwurf, bis Sie den Versand starten.</p>
      )}
    </>
  );
}
