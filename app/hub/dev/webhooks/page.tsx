import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import styles from "@/components/dashboard/webhook.module.css";
import { Badge } from "@/components/ui/badge";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { Table } from "@/components/ui/table";
import { eventLabel } from "@/lib/adapters/dashboard/webhooks-view";
import { inspectorInboxUrl, isWebhookInspectorOpenTo, listInspectedDeliveries } from "@/lib/domains/webhooks/local-inspector";
import { SITE_NAMES } from "@/lib/domains/sites";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Lokaler Webhook-Empfänger", robots: { index: false } };

const time = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeStyle: "medium", timeZone: "Europe/Berlin" });

/** The body as sent, indented when it is JSON. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

// What the embedded default's webhooks delivered to this machine, newest first.
export default async function LocalWebhookInspectorPage() {
  const requestHeaders = await headers();
  if (!isWebhookInspectorOpenTo(requestHeaders)) notFound();
  const inboxUrl = inspectorInboxUrl(requestHeaders.get("host"));
  const deliveries = listInspectedDeliveries();
  return (
    <>
      <SiteHeader
        brand={SITE_NAMES.hub}
        tagline="Lokaler Webhook-Empfänger"
        homeHref="/"
        nav={[{ href: "/dashboard/webhooks", label: "Webhooks" }]}
      />
      <main id="main" className="wrap">
        <h1>Lokaler Webhook-Empfänger</h1>
        <p>
          Dieser Empfänger läuft nur auf Ihrem Rechner und nimmt Webhooks entgegen, ohne dass Sie einen eigenen Server brauchen. Er prüft
          jede Signatur mit dem Secret des Endpunkts und behält die letzten 200 Nachrichten, bis der Dienst neu startet.
        </p>
        <p>
          Tragen Sie diese URL bei einem Webhook-Endpunkt ein: <code>{inboxUrl}</code>
        </p>
        <p>
          <a href="/dev/webhooks">Neu laden</a>
        </p>
        {deliveries.length === 0 ? (
          <p className="empty">Noch keine Nachrichten empfangen.</p>
        ) : (
          <Table caption={`${deliveries.length} empfangene Nachricht${deliveries.length === 1 ? "" : "en"}, neueste zuerst`} showCaption>
            <thead>
              <tr>
                <th scope="col">Empfangen</th>
                <th scope="col">Ereignis</th>
                <th scope="col">webhook-id</th>
                <th scope="col">Signatur</th>
                <th scope="col">Inhalt</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.seq} data-webhook-id={d.webhookId ?? ""}>
                  <td className="meta">{time.format(d.receivedAt)}</td>
                  <td>
                    {d.eventType ? (
                      <>
                        {eventLabel(d.eventType)}
                        <br />
                        <code className="meta">{d.eventType}</code>
                      </>
                    ) : (
                      <span className="meta">unbekannt</span>
                    )}
                  </td>
                  <td>{d.webhookId ? <code className={styles.wrapAnywhere}>{d.webhookId}</code> : <span className="meta">fehlt</span>}</td>
                  <td>
                    {d.verdict.valid ? (
                      <Badge tone="success" className="webhook-signature-valid">
                        gültig (Endpunkt #{d.verdict.endpointId})
                      </Badge>
                    ) : (
                      <>
                        <Badge tone="danger" className="webhook-signature-invalid">
                          ungültig
                        </Badge>
                        <br />
                        <span className="meta">{d.verdict.reason}</span>
                      </>
                    )}
                  </td>
                  <td>
                    <details>
                      <summary>
                        {d.method}, {d.body.length.toLocaleString("de-DE")} Zeichen{d.truncated ? " (gekürzt)" : ""}
                      </summary>
                      <pre className={styles.code}>
                        {Object.entries(d.headers)
                          .map(([name, value]) => `${name}: ${value}`)
                          .join("\n")}
                      </pre>
                      <pre className={styles.code}>{pretty(d.body)}</pre>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
