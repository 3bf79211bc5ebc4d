import { parseVariants } from "./variants";

interface ImageFileFacts {
  originalPath: string | null;
  displayPath: string;
  ogVariantPath: string | null;
  variants: unknown;
  snapshots?: { coverPath: string; jsonPath: string }[];
}

/** The public files of an image: its display variants and og variant. */
export function publicFileKeys(image: ImageFileFacts): string[] {
  return [
    ...new Set(
      [image.displayPath, image.ogVariantPath, ...parseVariants(image.variants).map((v) => v.key)].filter((k): k is string => !!k),
    ),
  ];
}

/** Every stored file of an image, evidence included: what erasing a never-published image removes. */
export function allFileKeys(image: ImageFileFacts): string[] {
  return [
    ...new Set(
      [...publicFileKeys(image), image.originalPath, ...(image.snapshots ?? []).flatMap((s) => [s.coverPath, s.jsonPath])].filter(
        (k): k is string => !!k,
      ),
    ),
  ];
}
