import type { Picture } from "@/lib/adapters/public/release-images";
import type { Edition } from "@/lib/domains/sites";

// A release's images as the portal prints them: AVIF and WebP sources with a JPEG <img>, the
// credit under each. Width and height reserve the box, so nothing moves while bytes arrive.
// No hooks, no server imports: the article renderer uses these on the server and in the browser.

/** Widths the layout gives an image (app/globals.css, "Portal: release images"). */
export const PICTURE_SIZES = {
  hero: "(max-width: 48rem) 100vw, 46rem",
  gallery: "(max-width: 40rem) 100vw, 22rem",
  thumbnail: "8rem",
  card: "(max-width: 40rem) 100vw, (max-width: 64rem) 50vw, 24rem",
} as const;

export function ReleasePicture({ picture, sizes, priority = false }: { picture: Picture; sizes: string; priority?: boolean }) {
  return (
    <picture>
      {picture.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      {/* The variants are ours and sized already; Next's image optimizer would only add a hop. */}
      <img
        src={picture.src}
        srcSet={picture.srcSet ?? undefined}
        sizes={picture.srcSet ? sizes : undefined}
        width={picture.width}
        height={picture.height}
        alt={picture.alt}
        // A thumbnail's fixed box: cropped around the focus point, or letterboxed (no_crop).
        style={picture.frame ? { objectFit: picture.frame.fit, objectPosition: picture.frame.position } : undefined}
        // The cover is the page's largest paint: fetched first, never lazily.
        loading={priority ? undefined : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? undefined : "async"}
      />
    </picture>
  );
}

/** One image with its credit line as the caption. */
export function ReleaseFigure({
  picture,
  sizes,
  priority = false,
  className,
}: {
  picture: Picture;
  sizes: string;
  priority?: boolean;
  className: string;
}) {
  return (
    <figure className={className}>
      <ReleasePicture picture={picture} sizes={sizes} priority={priority} />
      {picture.credit ? <figcaption>{picture.credit}</figcaption> : null}
    </figure>
  );
}

const GALLERY_LABEL = { de: "Bilder zur Pressemitteilung", en: "Images of this press release" } as const;

/** The images after the text: two columns where there is room. */
export function ReleaseGallery({ pictures, edition }: { pictures: Picture[]; edition: Edition }) {
  if (!pictures.length) return null;
  return (
    <section className="release-gallery" aria-label={GALLERY_LABEL[edition]}>
      {pictures.map((p) => (
        <ReleaseFigure key={p.id} picture={p} sizes={PICTURE_SIZES.gallery} className="release-figure" />
      ))}
    </section>
  );
}

/** A list entry's cover: small files, a fixed box, its credit in small print. */
export function ReleaseThumbnail({
  picture,
  size = "thumbnail",
  priority = false,
}: {
  picture: Picture;
  size?: "thumbnail" | "card";
  priority?: boolean;
}) {
  return <ReleaseFigure picture={picture} sizes={PICTURE_SIZES[size]} priority={priority} className="release-thumb" />;
}
