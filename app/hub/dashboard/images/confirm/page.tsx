import type { Metadata } from "next";
import Link from "next/link";
import { ImageConfirmForm } from "@/components/dashboard/image-confirm-item";
import { ImageFacts, ImageThumb } from "@/components/dashboard/image-labels";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/domains/auth/session";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { currentConfirmText } from "@/lib/domains/images/confirm-text";
import { imagesAwaitingOwnerConfirmation } from "@/lib/domains/images/owner-confirmations";
import { confirmRightsAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Bildrechte bestätigen" };

// Every admin upload waiting for the signed-in owner; a mail's link confirms its one image on
// app/hub/images/confirm/[token] without a sign-in.
export default async function ConfirmImagesPage() {
  const { user } = await requireUser();
  const [images, confirmText] = await Promise.all([imagesAwaitingOwnerConfirmation(user.id), currentConfirmText()]);
  return (
    <>
      <PageHeader
        back={{ href: "/dashboard", label: "Alle Pressemitteilungen" }}
        title="Bildrechte bestätigen"
        description="Unser Team hat diese Bilder zu Pressemitteilungen Ihres Newsrooms hochgeladen, zum Beispiel auf Ihre Bitte per E-Mail. Ein Bild erscheint erst, wenn Sie als Inhaberin oder Inhaber des Newsrooms bestätigen, dass Sie die Rechte daran haben."
      />
      {images.length ? (
        <ul className="image-list image-confirm-list">
          {images.map((image) => (
            <li key={image.id} data-image-id={image.id} className="image-item">
              <ImageThumb src={`/dashboard/releases/${image.releaseId}/images/${image.id}/preview`} image={image} />
              <div className="image-item-body">
                <h2 className="image-item-title">
                  <Link href={`/dashboard/releases/${image.releaseId}`}>{image.releaseTitle}</Link>
                </h2>
                <p className="meta">Hochgeladen am {formatBerlin(new Date(image.createdAt))}</p>
                <ImageFacts image={image} />
                <ImageConfirmForm imageId={image.id} confirmText={confirmText} action={confirmRightsAction.bind(null, image.id)} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">
          Zurzeit wartet kein Bild auf Ihre Bestätigung. Bereits bestätigte Bilder finden Sie bei der jeweiligen Pressemitteilung.
        </p>
      )}
    </>
  );
}
