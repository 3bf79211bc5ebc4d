import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RefreshWhileInReview } from "@/components/dashboard/refresh-while-in-review";
import { ReleaseForm } from "@/components/dashboard/release-form";
import { ReleaseHistory } from "@/components/dashboard/release-history";
import { ReviewPanel } from "@/components/dashboard/review-panel";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { ReleaseImages } from "@/components/dashboard/release-images";
import { BoostPanel } from "@/components/billing/boost-panel";
import { ReleasePreview } from "@/components/dashboard/release-preview";
import { buttonClass } from "@/components/ui/button";
import { ActionButton } from "@/components/ui/action-button";
import styles from "@/components/dashboard/release-editor.module.css";
import { requireUser } from "@/lib/domains/auth/session";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { loadDashboardRelease } from "@/lib/adapters/dashboard/release-detail";
import { AppError } from "@/lib/core/errors/errors";
import { SITE_NAMES } from "@/lib/domains/sites";
import { moveRelease, saveRelease } from "../actions";
import { bookBoostAction } from "./boost-actions";
import { parseRecordId } from "@/lib/core/input/ids";
import { getConfig } from "@/lib/core/config";
import { currentConfirmText } from "@/lib/domains/images/confirm-text";
import { listReleaseImages } from "@/lib/domains/release-images/list-release-images";
import { arrangeImagesAction, correctImageAction, removeImageAction } from "./images/actions";
import { RequestPanel } from "@/components/legal/request-panel";
import { releaseLegalPanel } from "@/lib/adapters/dashboard/legal-requests";
import { fileLegalRequestAction } from "./legal-actions";
import { ReceiptPanel } from "@/components/dashboard/receipt-panel";
import { ReleaseReachPanel } from "@/components/reports/reach/release-reach-panel";
import { loadReleaseReachPanel } from "@/lib/adapters/dashboard/release-reach";
import { releaseReceipts } from "@/lib/adapters/dashboard/release-receipts";
import { PreviewLinksPanel } from "@/components/dashboard/preview-links-panel";
import { createPreviewLinkAction, revokePreviewLinkAction } from "./preview-actions";
import { IndexStatusBlock } from "@/components/dashboard/index-status-block";
import { customerIndexStatus } from "@/lib/adapters/public/seo/index-inspection/release-index-status";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pressemitteilung" };

async function load(userId: number, rawId: string) {
  const id = parseRecordId(rawId);
  if (id === null) notFound();
  try {
    return await loadDashboardRelease(userId, id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

/** The release's images; null for someone who may see the release but not its images. */
async function loadImages(userId: number, releaseId: number, editable: boolean) {
  try {
    const [images, confirmText] = await Promise.all([listReleaseImages({ releaseId, userId }), editable ? currentConfirmText() : null]);
    return { images, confirmText };
  } catch (err) {
    if (err instanceof AppError && err.code === "forbidden") return { images: null, confirmText: null };
    throw err;
  }
}

export default async function ReleasePage({ params }: { params: Promise<{ id: string }> }) {
  const { user } = await requireUser();
  const data = await load(user.id, (await params).id);
  const { release, actions } = data;
  const [{ images, confirmText }, legal, indexStatus, receipts, reach] = await Promise.all([
    loadImages(user.id, release.id, actions.edit),
    releaseLegalPanel(user.id, release.id),
    customerIndexStatus({ releaseId: release.id, status: release.status }),
    releaseReceipts(user.id, release.id),
    loadReleaseReachPanel(user.id, release.id),
  ]);
  return (
    <>
      <p className="meta">
        <Link href="/dashboard">← Alle Pressemitteilungen</Link>
      </p>
      <div className="page-head">
        <h1>{release.title}</h1>
      </div>
      <p>
        Status: <StatusBadge status={release.status} /> · {data.company.name} · {SITE_NAMES[release.portal]} ·{" "}
        {release.language === "de" ? "Deutsch" : "Englisch"}
        {release.status === "published" ? ` · veröffentlicht ${formatBerlin(release.publishedAt)}` : null}
        {release.status === "scheduled" ? ` · erscheint ${formatBerlin(release.scheduledAt)}` : null}
      </p>
      <RefreshWhileInReview active={release.status === "in_review" && !release.waitsForPerson} />
      <ReviewPanel data={data} />
      {release.publicUrl ? (
        <p className="button-row">
          <a className={buttonClass({ variant: "secondary" })} href={release.publicUrl}>
            Öffentliche Seite ansehen
          </a>
        </p>
      ) : null}
      {actions.withdraw ? (
        <div className="button-row">
          <ActionButton action={moveRelease.bind(null, release.id, "withdraw")} label="Zurückziehen" />
        </div>
      ) : null}
      {/* A published release: what it achieved first, then its text as readers see it. */}
      {release.status === "published" && reach ? <ReleaseReachPanel panel={reach} /> : null}
      {actions.edit ? (
        <section aria-labelledby="edit-heading">
          <h2 id="edit-heading">Bearbeiten</h2>
          <ReleaseForm
            releaseId={release.id}
            initial={data.form}
            newsrooms={[{ id: data.company.id, name: data.company.name, portals: data.portals }]}
            categories={data.categories}
            placementLocked={data.placementLocked}
            canSubmit={actions.submit}
            autosave={data.autosave}
            documentsToAccept={data.documentsToAccept}
            action={saveRelease}
          />
        </section>
      ) : data.editableByOthersOnly ? (
        <p className="meta">
          Diese Pressemitteilung hat jemand anderes aus Ihrem Team geschrieben. Ändern, einreichen und löschen können sie die Verfasserin
          oder der Verfasser sowie die Inhaber und Verantwortlichen des Newsrooms.
        </p>
      ) : (
        <>
          <ReleasePreview
            id="release-text"
            values={data.form}
            bodyHtml={data.form.body}
            newsroomName={data.company.name}
            categoryName={data.categories.find((c) => String(c.id) === data.form.categoryId)?.name ?? null}
            publishedAt={release.publishedAt}
          />
          <p className="meta">
            In diesem Status lässt sich die Pressemitteilung hier nicht mehr bearbeiten.
            {release.status === "published" ? (
              <>
                {" "}
                Veröffentlichte Texte ändern Sie einmal über eine{" "}
                <Link href={`/dashboard/releases/${release.id}/change`}>kostenpflichtige Änderung</Link>.
              </>
            ) : null}
          </p>
        </>
      )}
      <ReleaseImages
        releaseId={release.id}
        images={images}
        editable={actions.edit}
        inReview={release.status === "in_review" || release.status === "scheduled"}
        confirmText={confirmText}
        maxBytes={getConfig().images.maxUploadBytes}
        arrange={arrangeImagesAction.bind(null, release.id)}
        remove={removeImageAction.bind(null, release.id)}
        correct={correctImageAction.bind(null, release.id)}
      />
      <PreviewLinksPanel userId={user.id} releaseId={release.id} create={createPreviewLinkAction} revoke={revokePreviewLinkAction} />
      {reach && release.status !== "published" ? <ReleaseReachPanel panel={reach} /> : null}
      {indexStatus ? <IndexStatusBlock status={indexStatus} /> : null}
      {receipts.length ? <ReceiptPanel receipts={receipts} /> : null}
      {release.status === "published" ? <BoostPanel userId={user.id} releaseId={release.id} action={bookBoostAction} /> : null}
      <RequestPanel panel={legal} action={fileLegalRequestAction.bind(null, release.id)} />
      <h2>Verlauf</h2>
      <ReleaseHistory entries={data.history} />
      {actions.archive ? (
        <section aria-labelledby="archive-heading">
          <h2 id="archive-heading">Archivieren</h2>
          <p className="meta">
            Archiviert ist die Pressemitteilung auf dem Portal nicht mehr zu sehen, weder in Listen und Feeds noch unter ihrer Adresse. Sie
            lässt sich jederzeit wieder hervorholen.
          </p>
          <ActionButton
            action={moveRelease.bind(null, release.id, "archive")}
            label="Archivieren"
            variant="danger-quiet"
            confirmText={{
              title: "Pressemitteilung archivieren?",
              consequence: "Sie ist auf dem Portal nicht mehr zu sehen, bis Sie sie wieder hervorholen.",
              confirmLabel: "Archivieren",
            }}
          />
        </section>
      ) : null}
      {actions.delete ? <DeleteSection releaseId={release.id} isDraft={release.status === "draft"} /> : null}
    </>
  );
}

// Destructive and last: at the foot of the page, saying what goes, one quiet button that asks first.
function DeleteSection({ releaseId, isDraft }: { releaseId: number; isDraft: boolean }) {
  const name = isDraft ? "Entwurf" : "Pressemitteilung";
  return (
    <section aria-labelledby="delete-heading" className={styles.dangerZone}>
      <h2 id="delete-heading">{name} löschen</h2>
      <p>
        {isDraft ? "Der Entwurf" : "Die Pressemitteilung"} wird mit Text, Bildern und den Bestätigungen der Bildrechte endgültig gelöscht.
        Das lässt sich nicht rückgängig machen.
      </p>
      <ActionButton
        action={moveRelease.bind(null, releaseId, "delete")}
        label={`${name} löschen`}
        variant="danger-quiet"
        confirmText={`${isDraft ? "Den Entwurf" : "Die Pressemitteilung"} mit allen Bildern endgültig löschen? Das lässt sich nicht rückgängig machen.`}
      />
    </section>
  );
}
