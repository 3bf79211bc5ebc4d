import type { Metadata } from "next";
import Link from "next/link";
import { WebhookEndpointForm } from "@/components/dashboard/webhook-endpoint-form";
import { IdentityProofProvider } from "@/components/security/identity-proof-fields";
import { PageHeader } from "@/components/ui/page-header";
import { webhookOverview } from "@/lib/adapters/dashboard/webhooks";
import { getConfig } from "@/lib/core/config";
import { parseRecordId } from "@/lib/core/input/ids";
import { acceptedProofKinds, freshProofFor } from "@/lib/domains/accounts/identity-proof";
import { requireUser } from "@/lib/domains/auth/session";
import { sendProofCode, startPasskeyProof } from "../../security/actions";
import { createEndpointAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Neuer Webhook-Endpunkt" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function NewWebhookPage({ searchParams }: { searchParams: SearchParams }) {
  const { user, session } = await requireUser();
  const [newsrooms, proofKinds, params] = await Promise.all([
    webhookOverview(user.id),
    acceptedProofKinds(user.id, "api_token"),
    searchParams,
  ]);
  const managed = newsrooms.filter((n) => n.canManage).map((n) => ({ id: n.id, name: n.name }));
  const asked = parseRecordId(params.newsroom);
  const newsroomId = managed.some((n) => n.id === asked) ? asked : null;
  return (
    <>
      <PageHeader
        back={{ href: "/dashboard/webhooks", label: "Webhooks" }}
        title="Neuer Webhook-Endpunkt"
        description="Pressdesk sendet jedes gewählte Ereignis als signierte JSON-Nachricht per POST an diese Adresse und wiederholt die Zustellung bis zu drei Tage lang, bis Ihr Server mit 2xx antwortet."
      />
      {managed.length === 0 ? (
        <p className="empty">
          Webhooks richten die Inhaberinnen und Inhaber eines Newsrooms ein. In keinem Ihrer Newsrooms sind Sie Inhaberin oder Inhaber;
          bitten Sie sie, den Endpunkt für Ihr Programm anzulegen. <Link href="/dashboard/webhooks">Zurück zu den Webhooks</Link>
        </p>
      ) : (
        <IdentityProofProvider sendEmailCode={sendProofCode} passkeyOptions={startPasskeyProof}>
          <WebhookEndpointForm
            mode="create"
            action={createEndpointAction}
            newsrooms={managed}
            newsroomId={newsroomId}
            proofKinds={proofKinds}
            fresh={freshProofFor(session, proofKinds) !== null}
            allowLocalhost={getConfig().webhooks.allowLocalhost}
          />
        </IdentityProofProvider>
      )}
    </>
  );
}
