import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LegalEvidenceTrail } from "@/components/admin/legal-evidence-trail";
import { LegalExecuteForm } from "@/components/admin/legal-execute-form";
import { formatWhen, TRACK } from "@/components/admin/legal-labels";
import { LegalRedactionCompare } from "@/components/admin/legal-redaction-compare";
import { LegalRequestPanel } from "@/components/admin/legal-request-panel";
import { LegalStatusBadge } from "@/components/legal/legal-status-badge";
import { LegalDecisionForm, LegalStartReviewForm } from "@/components/admin/legal-step-forms";
import { PageHeader } from "@/components/ui/page-header";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { parseRecordId } from "@/lib/core/input/ids";
import { loadLegalRequest, type LegalRequestDetail } from "@/lib/domains/legal/requests/load-legal-request";
import { PUBLIC_KINDS } from "@/lib/domains/legal-terms/request-status";
import { decide, execute, startReview } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rechtliches Anliegen" };

/** What the editor does next, by status: take it, decide it, carry it out, or nothing (closed). */
function NextStep({ detail }: { detail: LegalRequestDetail }) {
  const { request, release } = detail;
  const id = request.id;
  if (request.status === "received") return <LegalStartReviewForm action={startReview.bind(null, id)} />;
  if (request.status === "in_review") return <LegalDecisionForm action={decide.bind(null, id)} source={request.source} />;
  if (request.status === "approved") {
    const isPublicKind = (PUBLIC_KINDS as readonly string[]).includes(request.track);
    return (
      <LegalExecuteForm
        measures={detail.measures}
        text={release ? { title: release.title, lead: release.lead ?? "", body: release.body } : null}
        proposedText={request.proposedText}
        askRelease={isPublicKind}
        releaseReference={release ? String(release.id) : (request.subjectUrl ?? "")}
        language={release?.language ?? request.language}
        action={execute.bind(null, id)}
      />
    );
  }
  const closed = { rejected: "abgelehnt", withdrawn: "vom Antragsteller zurückgezogen", executed: "umgesetzt" } as const;
  return (
    <p>
      Dieses Anliegen ist {closed[request.status]}
      {request.executedAt ? ` (${formatWhen(request.executedAt)})` : request.decidedAt ? ` (${formatWhen(request.decidedAt)})` : ""}.
      Weitere Schritte gibt es nicht.
    </p>
  );
}

const HEADINGS = {
  received: "Übernehmen",
  in_review: "Entscheiden",
  approved: "Umsetzen",
  rejected: "Abgeschlossen",
  withdrawn: "Abgeschlossen",
  executed: "Abgeschlossen",
} as const;

export default async function LegalRequestPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin(ADMIN_SCREENS.legal.permission);
  const id = parseRecordId((await params).id);
  const detail = id === null ? null : await loadLegalRequest(id);
  if (!detail) notFound();
  const { request } = detail;
  return (
    <>
      <PageHeader
        back={{ href: "/admin/legal", label: "Alle Anliegen" }}
        title={`Vorgang ${request.id}: ${TRACK[request.track]}`}
        actions={<LegalStatusBadge status={request.status} />}
      />
      <p className="meta">Vorgangsnummer für den Antragsteller: {request.reference}</p>
      {request.decisionNote ? (
        <p className="meta">
          Entscheidung{detail.decidedBy ? ` von ${detail.decidedBy.name || detail.decidedBy.email}` : ""}: {request.decisionNote}
        </p>
      ) : null}
      <LegalRequestPanel detail={detail} />
      <LegalRedactionCompare detail={detail} />
      <section className="panel" aria-labelledby="legal-next-heading">
        <h2 id="legal-next-heading">{HEADINGS[request.status]}</h2>
        <NextStep detail={detail} />
      </section>
      <LegalEvidenceTrail detail={detail} />
    </>
  );
}
