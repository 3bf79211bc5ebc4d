import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ImageWithheldItem } from "@/components/admin/image-withheld-item";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/domains/auth/session";
import { listWithheldImages } from "@/lib/domains/images/review/list-withheld-images";
import { parseRecordId } from "@/lib/core/input/ids";
import { decideImageAction } from "./actions";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Zurückgehaltene Bilder" };

export default async function WithheldImagesPage({ searchParams }: { searchParams: Promise<{ release?: string | string[] }> }) {
  await requireAdmin(ADMIN_SCREENS.images.permission);
  const wanted = (await searchParams).release;
  if (typeof wanted === "string" && wanted.trim()) {
    const releaseId = parseRecordId(wanted.trim());
    if (releaseId !== null) redirect(`/admin/releases/${releaseId}/images`);
  }
  const images = await listWithheldImages();
  return (
    <>
      <PageHeader
        title="Zurückgehaltene Bilder"
        actions={
          <form method="get" className="image-release-jump" role="search" aria-label="Bilder einer Pressemitteilung öffnen">
            <label htmlFor="release-jump">Pressemitteilung Nr.</label>
            <input
              id="release-jump"
              name="release"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              size={8}
              defaultValue={typeof wanted === "string" ? wanted : ""}
            />
            <Button type="submit" variant="secondary">
              Bilder öffnen
            </Button>
          </form>
        }
      />
      {typeof wanted === "string" && wanted.trim() ? (
        <Notice tone="error" role="alert">
          „{wanted.slice(0, 20)}“ ist keine Nummer einer Pressemitteilung.
        </Notice>
      ) : null}
      <p>
        Bilder, die die automatische Vorprüfung zurückgehalten hat (z. B. Bildschirmfoto, fremdes Logo, Werte zwischen 0,6 und 0,85). Die
        Pressemitteilungen laufen weiter; die Bilder erscheinen erst nach Ihrer Entscheidung. Jede Entscheidung braucht eine Notiz.
      </p>
      {images.length ? (
        <ul className="image-list">
          {images.map((image) => (
            <ImageWithheldItem key={image.id} image={image} decide={decideImageAction.bind(null, image.id)} />
          ))}
        </ul>
      ) : (
        <p className="empty">Zurzeit wartet kein Bild auf eine Entscheidung.</p>
      )}
    </>
  );
}
