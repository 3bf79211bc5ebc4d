import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EvidenceForm } from "@/components/admin/evidence-form";
import { EvidenceHoldForm } from "@/components/admin/evidence-hold-form";
import { ImageRemoveForm } from "@/components/admin/image-remove-form";
import { ImageDeclarationForm } from "@/components/dashboard/image-declaration-form";
import { STATUS_LABELS, StatusBadge } from "@/components/dashboard/status-badge";
import { ImageFacts, ImageStatusBadge, ImageThumb } from "@/components/dashboard/image-labels";
import { ImageUploadForm } from "@/components/dashboard/image-upload-form";
import { Badge } from "@/components/ui/badge";
import { FormActions } from "@/components/ui/form-actions";
import { Notice } from "@/components/ui/notice";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/domains/auth/session";
import { getConfig } from "@/lib/core/config";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { evidenceRetentionOf } from "@/lib/domains/evidence/evidence-hold";
import { AppError } from "@/lib/core/errors/errors";
import { currentConfirmText } from "@/lib/domains/images/confirm-text";
import { adminReleaseImages } from "@/lib/domains/images/review/admin-release-images";
import { MAX_IMAGES_PER_RELEASE } from "@/lib/domains/images/variants";
import { parseRecordId } from "@/lib/core/input/ids";
import type { ReleaseStatus } from "@/lib/generated/prisma/enums";
import { correctImageAsAdminAction, removeImageAsAdminAction, setEvidenceHoldAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Bilder und Nachweise" };

async function load(rawId: string) {
  const id = parseRecordId(rawId);
  if (id === null) notFound();
  try {
    return await adminReleaseImages(id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

// The admin's view of one release's images, removed ones included: evidence by stated purpose
// (POST only; no storage path is ever shown) and an upload that waits for the owner's confirmation.
export default async function AdminReleaseImagesPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin("press-releases:publish");
  const { release, images } = await load((await params).id);
  const confirmText = await currentConfirmText();
  const retention = await evidenceRetentionOf(release.id);
  const active = images.filter((i) => !i.removed).length;
  return (
    <>
      <PageHeader back={{ href: "/admin/images", label: "Zurückgehaltene Bilder" }} title={`Bilder: ${release.title}`} />
      <p>
        Nr. {release.id} · {release.companyName} · Status:{" "}
        {release.status in STATUS_LABELS ? <StatusBadge status={release.status as ReleaseStatus} /> : release.status}
      </p>
      <h2>Bilder der Pressemitteilung</h2>
      {images.length ? (
        <ol className="image-list">
          {images.map((image) => (
            <li key={image.id} data-image-id={image.id} className={`panel image-item${image.removed ? " image-item-removed" : ""}`}>
              <ImageThumb src={`/admin/releases/${release.id}/images/${image.id}/preview`} image={image} />
              <div className="image-item-body">
                <p className="image-item-head">
                  <ImageStatusBadge status={image.status} />
                  {image.isCover ? <Badge tone="info">Titelbild</Badge> : null}
                  <span className="meta">
                    Bild-Nr. {image.id} · hochgeladen am {formatBerlin(new Date(image.createdAt))}
                    {image.uploadedByAdmin ? " · vom Team hochgeladen" : null}
                    {image.hasOriginal ? " · Original gespeichert" : " · kein Original mehr gespeichert"}
                  </span>
                </p>
                <ImageFacts image={image} />
                {!image.removed ? (
                  <FormActions layout="start">
                    <ImageDeclarationForm image={image} action={correctImageAsAdminAction.bind(null, release.id)} reasonRequired />
                    <ImageRemoveForm imageId={image.id} action={removeImageAsAdminAction.bind(null, release.id)} />
                  </FormActions>
                ) : null}
                <div className="evidence-box">
                  <h3>Nachweis</h3>
                  <EvidenceForm
                    endpoint={`/admin/releases/${release.id}/images/${image.id}/evidence`}
                    hasOriginal={image.hasOriginal}
                    removed={image.removed}
                  />
                </div>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="empty">Diese Pressemitteilung hat keine Bilder.</p>
      )}
      {images.length ? (
        <section className="panel" aria-labelledby="evidence-export-heading">
          <h2 id="evidence-export-heading">Signierter Gesamtnachweis</h2>
          <p className="meta">
            Alle Archiveinträge der Pressemitteilung und ihrer Bilder (auch entfernter) mit den Prüfsummen der Dateien, als Ganzes signiert;
            jede Änderung daran fällt bei der Prüfung auf. Eine Kopie bleibt im Archiv.
          </p>
          <TechnicalDetails>
            <p className="meta">
              Prüfen: <code>npm run cli -- archive:verify-export DATEI</code>
            </p>
          </TechnicalDetails>
          <EvidenceForm endpoint={`/admin/releases/${release.id}/images/evidence-export`} hasOriginal removed={false} exportAll />
        </section>
      ) : null}
      {retention.entries ? (
        <section className="panel" aria-labelledby="evidence-hold-heading">
          <h2 id="evidence-hold-heading">Aufbewahrung der Nachweise</h2>
          <p className="meta">
            {retention.entries} Archiveinträge · Löschfrist frühestens{" "}
            {retention.nextDeleteAfter ? formatBerlin(retention.nextDeleteAfter) : "nicht gesetzt"} ·{" "}
            {retention.holdUntil ? `gesperrt bis ${formatBerlin(retention.holdUntil)}` : "keine Sperre"}
            {retention.openLegalRequests ? ` · ${retention.openLegalRequests} offene rechtliche Anliegen halten alle Nachweise` : null}
          </p>
          <p className="meta">
            Nachweise eines Bildes, das noch verwendet wird, werden nie gelöscht; ihre Frist läuft ab der letzten Verwendung.
          </p>
          <EvidenceHoldForm action={setEvidenceHoldAction.bind(null, release.id)} held={!!retention.holdUntil} />
        </section>
      ) : null}
      <section className="panel image-upload-panel" aria-labelledby="admin-upload-heading">
        <h2 id="admin-upload-heading">Bild für den Kunden hochladen</h2>
        <Notice tone="warning">
          Das Bild bleibt verborgen, bis eine Inhaberin oder ein Inhaber des Newsrooms die Bildrechte bestätigt. Dazu schicken wir ihr oder
          ihm nach dem Hochladen einen Link per E-Mail; bestätigt wird unter „Bildrechte bestätigen“ im Kundenbereich.
        </Notice>
        {active >= MAX_IMAGES_PER_RELEASE ? (
          <p className="meta">Diese Pressemitteilung hat bereits {MAX_IMAGES_PER_RELEASE} Bilder; mehr sind nicht möglich.</p>
        ) : (
          <ImageUploadForm
            endpoint={`/admin/releases/${release.id}/images/upload`}
            confirmText={confirmText}
            maxBytes={getConfig().images.maxUploadBytes}
            variant="admin"
          />
        )}
      </section>
    </>
  );
}
