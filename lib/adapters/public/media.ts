import { PUBLIC_LOGO_KEY } from "@/lib/domains/companies/profile/newsroom-logo";
import { db } from "@/lib/core/db/client";
import { deliverabilitySelect, deliverableCandidateWhere, isPubliclyDeliverable } from "@/lib/domains/images/deliverable";
import { publicFileKeys } from "@/lib/domains/images/image-files";
import { prefixOfPublicKey } from "@/lib/domains/images/storage-keys";
import { FORMAT_CONTENT_TYPES } from "@/lib/domains/images/variants";
import { publiclyVisibleReleaseWhere } from "@/lib/domains/releases/visibility";
import { getFileStorage } from "@/lib/core/storage/file-storage";

/** A day: a logo's key changes with its bytes, but a removed newsroom's logo should not linger for long. */
const LOGO_CACHE_CONTROL = "public, max-age=86400, s-maxage=86400";
/**
 * Image keys carry the bytes hash (lib/domains/images/storage-keys.ts): one key, one content, so nothing
 * needs revalidating (immutable). Whether it may be shown can still change (withheld, removed,
 * a legal request): a day bounds how long a takedown waits for caches, as for logos.
 */
const IMAGE_CACHE_CONTROL = "public, max-age=86400, s-maxage=86400, immutable";

const IMAGE_CONTENT_TYPES: Record<string, string> = {
  avif: FORMAT_CONTENT_TYPES.avif,
  webp: FORMAT_CONTENT_TYPES.webp,
  jpg: FORMAT_CONTENT_TYPES.jpeg,
};

/**
 * `/media/<key>` on every host: the stored file behind a public key. Newsroom logos while a
 * newsroom readers may still see uses them; release images (`img/<prefix>/...`) while an image
 * row names the key as one of its public files, the image is deliverable (spec 2.4) and its
 * release publicly visible. Everything else, originals and evidence above all, answers the same
 * 404, so nobody learns whether a file exists.
 */
export async function publicMediaResponse(key: string, now = new Date()): Promise<Response> {
  if (PUBLIC_LOGO_KEY.test(key)) {
    const owner = await db.company.findFirst({ where: { logoPath: key, deletedAt: null, goneAt: null }, select: { id: true } });
    return owner ? fileResponse(key, null, LOGO_CACHE_CONTROL) : notFoundResponse();
  }
  const contentType = await deliverableImageContentType(key, now);
  return contentType ? fileResponse(key, contentType, IMAGE_CACHE_CONTROL) : notFoundResponse();
}

/** The content type of a public image file that may be served now, or null. */
async function deliverableImageContentType(key: string, now: Date): Promise<string | null> {
  const prefix = prefixOfPublicKey(key);
  const contentType = IMAGE_CONTENT_TYPES[key.split(".").pop() ?? ""];
  if (!prefix || !contentType) return null;
  const rows = await db.pressReleaseImage.findMany({
    where: { storagePrefix: prefix, ...deliverableCandidateWhere, pressRelease: publiclyVisibleReleaseWhere(now) },
    select: { ...deliverabilitySelect, displayPath: true, ogVariantPath: true, variants: true, originalPath: true },
  });
  return rows.some((row) => publicFileKeys(row).includes(key) && isPubliclyDeliverable(row)) ? contentType : null;
}

async function fileResponse(key: string, contentType: string | null, cacheControl: string): Promise<Response> {
  const file = await getFileStorage().get(key);
  if (!file) return notFoundResponse();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": contentType ?? file.contentType,
      "content-length": String(file.bytes.byteLength),
      "cache-control": cacheControl,
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "cross-origin",
      "x-content-type-options": "nosniff",
    },
  });
}

function notFoundResponse(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=60" },
  });
}
