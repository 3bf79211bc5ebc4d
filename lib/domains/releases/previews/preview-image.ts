import { db } from "@/lib/core/db/client";
import { getFileStorage } from "@/lib/core/storage/file-storage";
import { isRecordId } from "@/lib/core/input/ids";
import { publicImagesOf } from "@/lib/domains/images/deliverable";
import { FORMAT_CONTENT_TYPES } from "@/lib/domains/images/variants";
import { previewLinkOfToken, previewTargetOf } from "./preview-target";

export type PreviewImageAnswer =
  | { kind: "file"; bytes: Buffer; contentType: string }
  /** The link no longer shows its page: no image either. */
  | { kind: "gone" }
  | { kind: "not_found" };

const CONTENT_TYPES: Record<string, string> = {
  avif: FORMAT_CONTENT_TYPES.avif,
  webp: FORMAT_CONTENT_TYPES.webp,
  jpg: FORMAT_CONTENT_TYPES.jpeg,
};

/**
 * One display file of a release's image, under the authority of a preview link: only while the
 * link shows its page, only images of that release a publication would deliver
 * (lib/domains/images/deliverable.ts: not removed, not withheld, confirmed), only their display
 * variants (never an original). The public media route refuses them until publication; this is
 * the recipient's way in. Looking does not count as an open.
 */
export async function previewImageFile(opts: { token: string; imageId: number; file: string; now?: Date }): Promise<PreviewImageAnswer> {
  const now = opts.now ?? new Date();
  const found = await previewLinkOfToken(db, opts.token);
  if (!found || !isRecordId(opts.imageId)) return { kind: "not_found" };
  const target = await previewTargetOf(db, found.id, now);
  if (!target) return { kind: "not_found" };
  if (target.decision.kind !== "show") return { kind: "gone" };
  const image = ((await publicImagesOf(db, [target.release.id])).get(target.release.id) ?? []).find((i) => i.id === opts.imageId);
  if (!image) return { kind: "not_found" };
  const key = [image.displayKey, ...image.variants.map((v) => v.key)].find((k) => k.split("/").at(-1) === opts.file);
  const contentType = key ? CONTENT_TYPES[key.split(".").at(-1) ?? ""] : undefined;
  if (!key || !contentType) return { kind: "not_found" };
  const stored = await getFileStorage().get(key);
  return stored ? { kind: "file", bytes: stored.bytes, contentType } : { kind: "not_found" };
}
