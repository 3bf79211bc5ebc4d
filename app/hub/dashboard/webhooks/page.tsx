import type { Metadata } from "next";
import Link from "next/link";
import { WebhookEndpointList } from "@/components/dashboard/webhook-endpoint-list";
import { FormActions } from "@/components/ui/form-actions";
import { LinkButton } from "@/components/ui/link-button";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { webhookOverview, type WebhookNewsroom } from "@/lib/adapters/dashboard/webhooks";
import { getConfig } from "@/lib/core/config";
import { requireUser } from "@/lib/domains/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** What webhooks are for, where a newsroom has none yet. */
function EmptyState({ newsroom, localInspector }: { newsroom: WebhookNewsroom; localInspector: boolean }) {
  return (
    <div className="panel">
      <p>
        Noch keine Webhooks für {newsroom.name}. Mit einem Webhook erfährt Ihr eigenes System sofort, was im Newsroom geschieht: eine
        Pressemitteilung wurde veröffentlicht, abgelehnt oder berichtigt, ein Bild zurückgehalten, das Kontingent ist aufgebraucht, eine
        Rechnung wurde gestellt. Pressdesk sendet dazu eine signierte Nachricht per HTTPS an eine Adresse Ihrer Wahl – Ihre Programme müssen
        die <Link href="/docs/api">API</Link> nicht ständig abfragen.
      </p>
      {localInspector ? (
        <p className="meta">
          Zum Ausprobieren auf diesem Rechner: Der <Link href="/dev/webhooks">lokale Webhook-Empfänger</Link> nimmt Nachrichten entgegen und
          zeigt sie mit geprüfter Signatur an.
        </p>
      ) : null}
      <FormActions>
        <LinkButton href={`/dashboard/webhooks/new?newsroom=${newsroom.id}`}>Endpunkt anlegen</LinkButton>
      </FormActions>
    </div>
  );
}

/** One newsroom's endpoints, its empty state, or why the user does not see them. */
function NewsroomWebhooks({ newsroom, localInspector }: { newsroom: WebhookNewsroom; localInspector: boolean }) {
  if (!newsroom.canManage)
    return (
      <p className="meta">
        Die Webhooks von {newsroom.name} richten die Inhaberinnen und Inhaber des Newsrooms ein. Braucht Ihr Programm einen, bitten Sie sie
        darum.
      </p>
    );
  if (!newsroom.endpoints.length) return <EmptyState newsroom={newsroom} localInspector={localInspector} />;
  return (
    <>
      <WebhookEndpointList caption={`Webhook-Endpunkte von ${newsroom.name}`} endpoints={newsroom.endpoints} />
      <FormActions>
        <LinkButton href={`/dashboard/webhooks/new?newsroom=${newsroom.id}`} variant="secondary">
          Weiteren Endpunkt anlegen
        </LinkButton>
      </FormActions>
    </>
  );
}

export default async function WebhooksPage({ searchParams }: { searchParams: SearchParams }) {
  const { user } = await requireUser();
  const [newsrooms, params] = await Promise.all([webhookOverview(user.id), searchParams]);
  const localInspector = getConfig().webhooks.allowLocalhost;
  const several = newsrooms.length > 1;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Webhooks melden Ihren Programmen sofort, was in Ihrem Newsroom geschieht. Jede Nachricht ist signiert, damit Ihr Empfänger prüfen kann, dass sie von Pressdesk kommt."
      />
      {params.geloescht === "1" ? (
        <Notice tone="success" role="status">
          Der Endpunkt wurde gelöscht. Pressdesk sendet ihm nichts mehr.
        </Notice>
      ) : null}
      {newsrooms.length === 0 ? (
        <p className="empty">
          Webhooks gehören zu einem Newsroom. Sie gehören noch zu keinem: <Link href="/dashboard/newsrooms/new">Legen Sie einen an</Link>{" "}
          oder öffnen Sie die Einladung aus Ihrem Unternehmen.
        </p>
      ) : several ? (
        newsrooms.map((n) => (
          <section key={n.id} aria-labelledby={`webhooks-${n.id}`}>
            <h2 id={`webhooks-${n.id}`}>{n.name}</h2>
            <NewsroomWebhooks newsroom={n} localInspector={localInspector} />
          </section>
        ))
      ) : (
        <NewsroomWebhooks newsroom={newsrooms[0]!} localInspector={localInspector} />
      )}
      <p className="meta">
        Wie die Nachrichten aussehen und wie Sie ihre Signatur prüfen, steht in der <Link href="/docs/api">API-Dokumentation</Link>
        {localInspector ? (
          <>
            . Auf dieser lokalen Installation zeigt der <Link href="/dev/webhooks">lokale Webhook-Empfänger</Link> jede Nachricht, die an
            ihn geht
          </>
        ) : null}
        .
      </p>
    </>
  );
}
