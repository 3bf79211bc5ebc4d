import type { NextRequest, NextResponse } from "next/server";
import { isEdition, PATH_SEGMENTS, type SiteKey } from "@/lib/domains/sites";
import { isFeedSegment } from "@/lib/domains/sites/public-paths";
import { jsonRefusal, refusalResponse } from "./refusal";

// Spec 7's forged component requests, refused with 400 before any page runs, and never reported
// (a client's doing, not the service's fault). Our equivalents of the spec's locked properties
// and upload-less components are written down in docs/operations.md ("Errors").

/** Query parameters that would set what the host and the path fix: the portal and the language. */
const LOCKED_PARAMS = ["portal", "language", "lang", "edition"];

/**
 * The feeds (any path ending in `/feed` or `/feed.json`, on a portal or the hub) and the searches (a
 * portal's newsroom directory with its `q`, the release search `/de/suche`, `/en/search`): their
 * portal comes from the host, their language from the path's edition. A request that tries to set
 * either is forged.
 */
export function lockedPropertyResponse(site: SiteKey, pathname: string, params: URLSearchParams): NextResponse | null {
  if (!LOCKED_PARAMS.some((name) => params.has(name)) || !isFeedOrSearch(site, pathname)) return null;
  return refusalResponse(pathname, {
    code: "bad_request",
    message: "The portal and the language of this address are set by its host and path, not by parameters.",
    title: "Ungültige Adresse",
    text: "Portal und Sprache dieser Seite ergeben sich aus ihrer Adresse; Parameter wie „portal“ oder „language“ sind hier nicht möglich.",
  });
}

function isFeedOrSearch(site: SiteKey, pathname: string): boolean {
  const parts = pathname.split("/").filter(Boolean);
  if (isFeedSegment(parts.at(-1))) return true;
  const edition = parts[0];
  return (
    site !== "hub" &&
    parts.length === 2 &&
    isEdition(edition) &&
    (parts[1] === PATH_SEGMENTS.newsroom[edition] || parts[1] === PATH_SEGMENTS.search[edition])
  );
}

/** Where a form may carry a file: the newsroom logo (a server action of its page) and the image upload routes. */
const UPLOAD_DOORS = [/^\/dashboard\/newsrooms\/\d+$/, /^\/(dashboard|admin)\/releases\/\d+\/images\/upload$/];

/**
 * An upload sent to a component without upload: a multipart POST carrying a file to any page
 * or route of the hub or a portal but the upload doors above. Read only for multipart posts
 * elsewhere, which are small forms (server actions send their forms as multipart).
 */
export async function strayUploadResponse(request: NextRequest, site: SiteKey): Promise<NextResponse | null> {
  if (request.method !== "POST" || !(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return null;
  const { pathname } = request.nextUrl;
  if (site === "hub" && UPLOAD_DOORS.some((door) => door.test(pathname))) return null;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return jsonRefusal("bad_request", "The body is not readable multipart/form-data.");
  }
  for (const value of form.values()) {
    if (typeof value !== "string") return jsonRefusal("forged_request", "This form takes no file.");
  }
  return null;
}
