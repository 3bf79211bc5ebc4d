import { NextResponse, type NextRequest } from "next/server";
import { preferredEdition, resolveEdition, resolveSite, type SiteHosts } from "@/lib/sites";

/** Paths served identically on every host: APIs, webhooks, health and framework assets. */
const HOST_INDEPENDENT = /^\/(api|service|health|_next|csp-report)(\/|$)|^\/favicon\.ico$/;

export const SITE_HEADER = "x-pd-site";
export const EDITION_HEADER = "x-pd-edition";

/**
 * Rewrites a public path to the internal route tree of its site: portal pages live under
 * `/portal/{portal}/...`, hub pages under `/hub/...`. Every path is rewritten, so the internal
 * prefixes themselves are never reachable from outside.
 */
export function routeBySite(request: NextRequest, hosts: SiteHosts): NextResponse {
  const { pathname } = request.nextUrl;
  if (HOST_INDEPENDENT.test(pathname)) return NextResponse.next();

  const site = resolveSite(request.headers.get("host"), hosts);
  if (site !== "hub" && pathname === "/") {
    // Built from the configured host, never from the address the server happens to listen on.
    const target = `${hosts.protocol}://${hosts[site]}/${preferredEdition(request.headers.get("accept-language"))}${request.nextUrl.search}`;
    // Temporary: the choice depends on the reader's language, so caches must not pin it.
    const response = NextResponse.redirect(target, 307);
    response.headers.set("vary", "accept-language");
    return response;
  }

  const edition = resolveEdition(pathname);
  const headers = new Headers(request.headers);
  headers.set(SITE_HEADER, site);
  if (edition) headers.set(EDITION_HEADER, edition);
  else headers.delete(EDITION_HEADER);

  const url = request.nextUrl.clone();
  url.pathname = site === "hub" ? `/hub${pathname}` : `/portal/${site}${pathname}`;
  return NextResponse.rewrite(url, { request: { headers } });
}
