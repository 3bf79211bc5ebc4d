import type { NextRequest, NextResponse } from "next/server";
import { jsonRefusal } from "./refusal";

/**
 * A server action posted from another origin (a form or script of a foreign page): refused here
 * with 400 `forged_request`, as the hub's route handlers refuse one (lib/domains/auth/session-route.ts).
 * Next refuses it too, but answers 500, and no client request may produce a 5xx. The test is
 * Next's own, so nothing it would run is refused: the Origin's host must be the request's
 * (X-Forwarded-Host if a proxy set it, else Host); a request without Origin passes on to Next,
 * which lets it through (only a hand-made request lacks one, and it carries no one's cookies).
 * Null when the request is no action or comes from this origin.
 */
export function crossOriginActionResponse(request: NextRequest): NextResponse | null {
  if (request.method !== "POST" || !isPossibleAction(request)) return null;
  const origin = request.headers.get("origin");
  if (origin === null) return null;
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host");
  if (host && originHost(origin) === host) return null;
  return jsonRefusal("forged_request", "The request did not come from this site.");
}

/** What Next takes for a server action: a `Next-Action` header, or a form posted as multipart before the page's script ran. */
function isPossibleAction(request: NextRequest): boolean {
  return request.headers.has("next-action") || (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
}

/** The host of an Origin header (`null` from a sandboxed frame or a privacy-sensitive context stays "null"). */
function originHost(origin: string): string {
  if (origin === "null") return "null";
  try {
    return new URL(origin).host;
  } catch {
    return "";
  }
}
