import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PaidChangeForm } from "@/components/dashboard/paid-change-form";
import { ActionButton } from "@/components/ui/action-button";
import { requireUser } from "@/lib/domains/auth/session";
import { formatEuro } from "@/lib/domains/billing/money";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { AppError } from "@/lib/core/errors/errors";
import { parseRecordId } from "@/lib/core/input/ids";
import { loadPaidChangePage, type PaidChangeBlocker } from "@/lib/domains/paid-changes/load-paid-change-page";
import { payPendingChange, requestChange } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pressemitteilung ändern" };

const BLOCKERS: Record<Exclude<PaidChangeBlocker, "used">, string> = {
  not_published:
    "Kostenpflichtig ändern lassen sich nur veröffentlichte Pressemitteilungen. Solange sie nicht veröffentlicht ist, bearbeiten Sie sie direkt auf ihrer Seite.",
  gone: "Diese Pressemitteilung wurde entfernt und lässt sich nicht mehr ändern.",
  no_right:
    "Diese Pressemitteilung hat jemand anderes aus Ihrem Team geschrieben. Ändern können sie die Verfasserin oder der Verfasser sowie die Inhaber und Verantwortlichen des Newsrooms.",
};

async function load(userId: number, rawId: string) {
  const id = parseRecordId(rawId);
  if (id === null) notFound();
  try {
    return await loadPaidChangePage({ userId, releaseId: id });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

export default async function PaidChangePage({ params }: { params: Promise<{ id: string }> }) {
  const { user } = await requireUser();
  const data = await load(user.id, (await params).id);
  const { release, blocker, pending, price } = data;
  return (
    <>
      <p className="meta">
        <Link href={`/dashboard/releases/${release.id}`}>← Zurück zur Pressemitteilung</Link>
      </p>
      <h1>Pressemitteilung ändern</h1>
      <p className="meta">{release.title}</p>
      {blocker === "used" ? (
        <p className="form-message warning">
          Diese Pressemitteilung wurde bereits einmal geändert{data.changedAt ? ` (am ${formatBerlin(data.changedAt)})` : ""}. Eine Änderung
          ist je Pressemitteilung nur einmal möglich.
        </p>
      ) : blocker ? (
        <p className="form-message warning">{BLOCKERS[blocker]}</p>
      ) : (
        <>
          <section className="panel" aria-labelledby="change-terms">
            <h2 id="change-terms">So funktioniert die Änderung</h2>
            <p>
              Eine Änderung kostet {formatEuro(price.netCents)} netto ({formatEuro(price.grossCents)} inkl. {price.vatPercent} % USt.) und
              ist einmal je Pressemitteilung möglich. Vor der Zahlung prüfen wir den geänderten Text automatisch; wird er abgelehnt,
              entstehen keine Kosten.
            </p>
            <p className="meta">
              Geändert werden können Überschrift, Vorspann und Text, höchstens {data.maxDistancePercent} % der Wörter. Nach der Zahlung ist
              die neue Fassung sofort online.
            </p>
          </section>
          {pending ? (
            <section className="panel" aria-labelledby="change-pending">
              <h2 id="change-pending">Geprüfte Änderung wartet auf Zahlung</h2>
              <p>
                Eine geprüfte Änderung dieser Pressemitteilung wartet bis {formatBerlin(pending.expiresAt)} Uhr auf die Zahlung
                {pending.isOwn ? "" : " durch die Person aus Ihrem Team, die sie angefragt hat"}. Danach können Sie eine neue Fassung prüfen
                lassen.
              </p>
              {pending.isOwn ? (
                <ActionButton action={payPendingChange.bind(null, pending.changeId)} label="Weiter zur Zahlung" variant="primary" />
              ) : null}
            </section>
          ) : (
            <PaidChangeForm
              initial={{ title: release.title, lead: release.lead ?? "", body: release.body }}
              maxDistancePercent={data.maxDistancePercent}
              action={requestChange.bind(null, release.id)}
            />
          )}
        </>
      )}
    </>
  );
}
