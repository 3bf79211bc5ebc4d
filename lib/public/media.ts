import { PUBLIC_LOGO_KEY } from "@/lib/companies/profile/newsroom-logo";
import { db } from "@/lib/db/client";
import { getFileStorage } from "@/lib/storage/file-storage";

/**
 * `/media/<key>` on every host: the stored file behind a public key, today newsroom logos.
 * Only keys of the public pattern are served (originals and evidence never are), and only while
 * a newsroom that readers may still see uses the logo: a removed newsroom's logo answers 404.
 * The key changes with the bytes, so a day of caching never shows an old logo.
 */
export async function publicMediaResponse(key: string): Promise<Response> {
  if (!PUBLIC_LOGO_KEY.test(key)) return notFoundResponse();
  const owner = await db.company.findFirst({ where: { logoPath: key, deletedAt: null, goneAt: null }, select: { id: true } });
  if (!owner) return notFoundResponse();
  const file = await getFileStorage().get(key);
  if (!file) return notFoundResponse();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.bytes.byteLength),
      "cache-control": "public, max-age=86400, s-maxage=86400",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "cross-origin",
    },
  });
}

function notFoundResponse(): Response {
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=60" } });
}
