import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WebhookDeliveryLog } from "@/components/dashboard/webhook-delivery-log";
import { WebhookEndpointActions } from "@/components/dashboard/webhook-endpoint-actions";
import { WebhookEndpointForm } from "@/components/dashboard/webhook-endpoint-form";
import { EndpointStatusBadge } from "@/components/dashboard/webhook-status-badge";
import { IdentityProofProvider } from "@/components/security/identity-proof-fields";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { webhookEndpointPage } from "@/lib/adapters/dashboard/webhooks";
import { endpointState, eventLabel, missedSince } from "@/lib/adapters/dashboard/webhooks-view";
import { getConfig } from "@/lib/core/config";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { acceptedProofKinds, freshProofFor } from "@/lib/domains/accounts/identity-proof";
import { requireUser } from "@/lib/domains/auth/session";
import { sendProofCode, startPasskeyProof } from "../../security/actions";
import {
  deleteEndpointAction,
  resendDeliveryAction,
  rotateSecretAction,
  sendTestEventAction,
  setEnabledAction,
  updateEndpointAction,
} from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhook-Endpunkt" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const param = (v: string | string[] | undefined) => (typeof v === "string" ? v : null);

async function load(userId: number, rawId: string, params: Record<string, string | string[] | undefined>) {
  const id = parseRecordId(rawId);
  if (id === null) notFound();
  try {
    return await webhookEndpointPage(userId, id, {
      eventType: param(params.event),
      outcome: param(params.outcome),
      page: Number(param(params.page)) || 1,
    });
  } catch (err) {
    // Not in the newsroom: the same 404 as an endpoint that does not exist. In it without the right: said on the page.
    if (err instanceof AppError && err.code === "not_found") notFound();
    if (err instanceof AppError && err.code === "forbidden") return null;
    throw err;
  }
}

export default async function WebhookEndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
}) {
  const { user, session } = await requireUser();
  const [{ id: rawId }, query] = await Promise.all([params, searchParams]);
  const [page, proofKinds] = await Promise.all([load(user.id, rawId, query), acceptedProofKinds(user.id, "api_token")]);
  if (!page)
    return (
      <>
        <PageHeader back={{ href: "/dashboard/webhooks", label: "Webhooks" }} title="Webhook-Endpunkt" />
        <p>Webhooks verwalten die Inhaberinnen und Inhaber des Newsrooms. Bitten Sie sie, wenn an diesem Endpunkt etwas zu ändern ist.</p>
      </>
    );
  const { endpoint } = page;
  const fresh = freshProofFor(session, proofKinds) !== null;
  const since = missedSince(endpoint);
  const state = endpointState(endpoint);
  const previousValid =
    endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date() ? endpoint.previousSecretExpiresAt : null;
  return (
    <IdentityProofProvider sendEmailCode={sendProofCode} passkeyOptions={startPasskeyProof}>
      <PageHeader
        back={{ href: "/dashboard/webhooks", label: "Webhooks" }}
        title={endpoint.description || "Webhook-Endpunkt"}
        description={`Newsroom ${page.newsroomName}`}
        actions={<EndpointStatusBadge endpoint={endpoint} />}
      />
      {state.kind === "failing" ? (
        <Notice tone="warning">
          Jeder Zustellversuch seit {formatBerlin(state.since)} Uhr ist fehlgeschlagen. Bleibt das drei Tage so, schaltet Pressdesk den
          Endpunkt ab und benachrichtigt die Inhaberinnen und Inhaber per E-Mail. Was Ihr Server geantwortet hat, steht im Zustellprotokoll.
        </Notice>
      ) : null}
      {state.kind === "disabled_failing" ? (
        <Notice tone="error">
          Pressdesk hat den Endpunkt{state.since ? ` am ${formatBerlin(state.since)} Uhr` : ""} abgeschaltet, weil drei Tage lang jeder
          Zustellversuch fehlschlug. Beheben Sie die Ursache und schalten Sie ihn unter „Aktionen“ wieder ein – auf Wunsch mit allem, was er
          verpasst hat.
        </Notice>
      ) : null}
      <section className="panel" aria-labelledby="endpoint-facts">
        <h2 id="endpoint-facts">Überblick</h2>
        <dl className="facts">
          <dt>URL</dt>
          <dd>
            <code>{endpoint.url}</code>
          </dd>
          <dt>Ereignisse</dt>
          <dd>
            <ul>
              {endpoint.eventTypes.map((t) => (
                <li key={t}>
                  {eventLabel(t)} <code className="meta">{t}</code>
                </li>
              ))}
            </ul>
          </dd>
          <dt>Signatur</dt>
          <dd>
            Standard Webhooks (<code>webhook-signature: v1,…</code>)
            {previousValid ? (
              <span className="meta"> · das vorherige Secret signiert noch bis {formatBerlin(previousValid)} Uhr mit</span>
            ) : null}
          </dd>
          <dt>Angelegt</dt>
          <dd>{formatBerlin(endpoint.createdAt)} Uhr</dd>
        </dl>
      </section>
      <section aria-labelledby="endpoint-actions">
        <h2 id="endpoint-actions">Aktionen</h2>
        <WebhookEndpointActions
          enabled={endpoint.enabled}
          missedSince={since ? formatBerlin(since) : null}
          sendTest={sendTestEventAction.bind(null, endpoint.id)}
          setEnabled={setEnabledAction.bind(null, endpoint.id)}
          rotate={rotateSecretAction.bind(null, endpoint.id)}
          remove={deleteEndpointAction.bind(null, endpoint.id)}
          proofKinds={proofKinds}
          fresh={fresh}
        />
      </section>
      <section aria-labelledby="protokoll">
        <h2 id="protokoll">Zustellprotokoll</h2>
        <p className="meta">
          Jede Nachricht mit ihren Versuchen. Bleibt eine Antwort mit 2xx aus, versucht Pressdesk es erneut: nach 5 Sekunden, 5 und 30
          Minuten, dann in wachsenden Abständen bis zu drei Tage lang. „Erneut senden“ stellt eine Nachricht sofort noch einmal zu, mit
          derselben <code>webhook-id</code>.
        </p>
        <WebhookDeliveryLog
          endpointId={endpoint.id}
          log={page}
          canResend={endpoint.enabled}
          resend={resendDeliveryAction.bind(null, endpoint.id)}
        />
      </section>
      <section className="panel" aria-labelledby="endpoint-edit">
        <h2 id="endpoint-edit">Bearbeiten</h2>
        <WebhookEndpointForm
          mode="edit"
          action={updateEndpointAction.bind(null, endpoint.id)}
          endpoint={{ url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes }}
          proofKinds={proofKinds}
          fresh={fresh}
          allowLocalhost={getConfig().webhooks.allowLocalhost}
        />
      </section>
    </IdentityProofProvider>
  );
}
