import type { Metadata } from "next";
import Link from "next/link";
import { ImageConfirmForm } from "@/components/dashboard/image-confirm-item";
import { ImageFacts, ImageThumb } from "@/components/dashboard/image-labels";
import { SiteFooter, SiteHeader } from "@/components/ui/site-header";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { currentConfirmText } from "@/lib/domains/images/confirm-text";
import { imageConfirmationLinkView } from "@/lib/domains/images/confirmation-link/find-confirmation-link";
import { SITE_NAMES } from "@/lib/domains/sites";
import { confirmByLinkAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Bildrechte bestätigen", robots: { index: false }, referrer: "no-referrer" };

// Where an image-confirmation mail leads: the one image its link names, confirmed by a click
// (never on load: mail scanners open links). The link signs nobody in.
export default async function ConfirmImageByLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const token = (await params).token.slice(0, 200);
  const [view, confirmText] = await Promise.all([imageConfirmationLinkView(token), currentConfirmText()]);
  return (
    <>
      <SiteHeader brand={SITE_NAMES.hub} tagline="Kundenbereich" homeHref="/" nav={[]} />
      <main id="main" className="wrap">
        <h1>Bildrechte bestätigen</h1>
        {view.state === "open" ? (
          <>
            <p>
              Unser Team hat dieses Bild zu Ihrer Pressemitteilung „{view.image.releaseTitle}“ hochgeladen, zum Beispiel auf Ihre Bitte per
              E-Mail. Es erscheint erst, wenn Sie als Inhaberin oder Inhaber des Newsrooms bestätigen, dass Sie die Rechte daran haben.
            </p>
            <p className="meta">
              Dieser Link bestätigt nur dieses Bild und meldet Sie nicht an. Er gilt einmal, bis zum {formatBerlin(view.expiresAt)}.
            </p>
            <ul className="image-list image-confirm-list">
              <li data-image-id={view.image.id} className="image-item">
                <ImageThumb src={`/images/confirm/${token}/preview`} image={view.image} />
                <div className="image-item-body">
                  <h2 className="image-item-title">{view.image.releaseTitle}</h2>
                  <ImageFacts image={view.image} />
                  <ImageConfirmForm imageId={view.image.id} confirmText={confirmText} action={confirmByLinkAction.bind(null, token)} />
                </div>
              </li>
            </ul>
          </>
        ) : (
          <p>
            {view.state === "settled"
              ? "Dieses Bild wartet nicht (mehr) auf Ihre Bestätigung."
              : "Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet."}{" "}
            Nach der <Link href="/login">Anmeldung</Link> finden Sie unter „Bildrechte bestätigen“ alle Bilder, die auf Ihre Bestätigung
            warten.
          </p>
        )}
      </main>
      <SiteFooter>© Pressdesk</SiteFooter>
    </>
  );
}
