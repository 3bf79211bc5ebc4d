import { coverOf, releasePicture, type Picture } from "@/lib/adapters/public/release-images";
import type { PublicImage } from "@/lib/domains/images/deliverable";
import { mediaPath } from "@/lib/domains/images/variants";
import { previewImagePath } from "@/lib/domains/releases/previews/preview-token";

/**
 * The release's pictures as the portal page arranges them (the cover as the hero, the others as
 * the gallery), each file loaded through the preview link instead of the public media route,
 * which serves an image only once its release is public.
 */
export function previewPictures(images: PublicImage[], token: string): { cover: Picture | null; gallery: Picture[] } {
  const cover = coverOf(images);
  const through = (image: PublicImage) => throughLink(releasePicture(image), image, token);
  return { cover: cover ? through(cover) : null, gallery: images.filter((i) => i !== cover).map(through) };
}

function throughLink(picture: Picture, image: PublicImage, token: string): Picture {
  const paths = new Map(
    [image.displayKey, ...image.variants.map((v) => v.key)].map((key) => [mediaPath(key), previewImagePath(token, image.id, key)]),
  );
  // A path the map lacks would be a public address: never printed, whatever the picture holds.
  const swap = (path: string) => paths.get(path) ?? "";
  const swapSet = (set: string) =>
    set
      .split(", ")
      .map((entry) => {
        const [path = "", width = ""] = entry.split(" ");
        return `${swap(path)} ${width}`;
      })
      .join(", ");
  return {
    ...picture,
    src: swap(picture.src),
    srcSet: picture.srcSet ? swapSet(picture.srcSet) : null,
    sources: picture.sources.map((s) => ({ ...s, srcSet: swapSet(s.srcSet) })),
  };
}
