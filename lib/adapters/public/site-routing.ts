import { NextResponse, type NextRequest } from "next/server";
import { movedLegalPath } from "@/lib/domains/legal/pages";
import { crossOriginActionResponse } from "@/lib/adapters/middleware/action-origin";
import { lockedPropertyResponse, strayUploadResponse } from "@/lib/adapters/middleware/forged-component";
import { malformedPathResponse } from "@/lib/adapters/middleware/malformed-path";
import { misdirectedHostResponse } from "@/lib/adapters/middleware/misdirected-host";
import { gonePageHtml } from "@/lib/adapters/public/gone-page";
import { contentSecurityPolicy, newNonce } from "@/lib/core/security/csp";
import { publicPagePolicy } from "@/lib/core/security/public-csp";
import { READER_PAGE_POLICY } from "@/lib/adapters/public/reader-pages/policy";
import { isPortalPage, PORTAL_PAGE_CACHE_CONTROL, publicSubject } from "@/lib/domains/sites/public-paths";
import type { PublicDecision } from "@/lib/adapters/public/tombstone-index";
import {
  newRenderToken,
  RENDER_HEADER,
  renderNonce,
  signedStoreKey,
  STORE_KEY_HEADER,
  verifiedRenderId,
} from "@/lib/adapters/public/stored-answers/render-facts";
import { isHubReaderPage, isStoredHubPage, storableAnswer, type StorableAnswer } from "@/lib/adapters/public/stored-answers/storable";
import type { RouteKeeps } from "@/lib/adapters/public/stored-answers/serve";
import {
  isMisdirected,
  newsroomPath,
  preferredEdition,
  resolveEdition,
  resolveSite,
  type Portal,
  type SiteHosts,
} from "@/lib/domains/sites";

/** Looks up tombstones and moved newsrooms; the real one reads the tombstone index. */
export type DecidePublicPath = (portal: Portal, subject: NonNullable<ReturnType<typeof publicSubject>>) => Promise<PublicDecision>;

/** The stored answer; or the key under which a reader page's route keeps its own (`canKeep`); or null: rendered per request. */
export type ServeStored = (
  request: NextRequest,
  storable: StorableAnswer,
  siteHost: string,
  canKeep: boolean,
) => Promise<NextResponse | RouteKeeps | null>;

/** Paths served identically on every host: APIs, webhooks, health and framework assets. */
/** Hub routes that answer with a content security policy of their own (the embargoed previews). */
const OWN_POLICY_PATHS = /^\/vorschau\//;
const HOST_INDEPENDENT = /^\/(api|service|health|_next|csp-report|media|assets)(\/|$)|^\/(favicon\.ico|icon\.svg)$/;

/**
 * Public paths whose internal route has another name: Next treats a route folder named
 * `sitemap.xml` as a metadata file and prerenders it at build time, freezing its content; a
 * dot folder (`.well-known`) is not routed reliably by the app router.
 */
const INTERNAL_PATHS: Record<string, string> = {
  "/sitemap.xml": "/sitemap-index",
  "/.well-known/receipt-keys.json": "/well-known/receipt-keys.json",
};

export const SITE_HEADER = "x-pd-site";
export const EDITION_HEADER = "x-pd-edition";

/** Two years, subdomains too: the hosts of an https deployment are never served over http. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** Every answer, redirects and refusals included, and only where the public hosts speak https. */
export async function routeBySite(
  request: NextRequest,
  hosts: SiteHosts,
  decide?: DecidePublicPath,
  serveStored?: ServeStored,
): Promise<NextResponse> {
  const response = await route(request, hosts, decide, serveStored);
  if (hosts.protocol === "https") response.headers.set("strict-transport-security", HSTS);
  return response;
}

/**
 * Rewrites a public path to the internal route tree of its site: portal pages live under
 * `/portal/{portal}/...`, hub pages under `/hub/...`. Every path is rewritten, so the internal
 * prefixes themselves are never reachable from outside.
 */
async function route(request: NextRequest, hosts: SiteHosts, decide?: DecidePublicPath, serveStored?: ServeStored): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  // Before anything else, APIs and webhooks included: a rebound name reaches nothing here.
  if (isMisdirected(request.headers.get("host"), pathname, hosts)) return misdirectedHostResponse(pathname);
  const malformed = malformedPathResponse(pathname);
  if (malformed) return malformed;
  if (HOST_INDEPENDENT.test(pathname)) return NextResponse.next();
  const forged = crossOriginActionResponse(request);
  if (forged) return forged;

  const site = resolveSite(request.headers.get("host"), hosts);
  const forgedComponent =
    lockedPropertyResponse(site, pathname, request.nextUrl.searchParams) ?? (await strayUploadResponse(request, site));
  if (forgedComponent) return forgedComponent;
  if (site !== "hub" && pathname === "/") {
    // Built from the configured host, never from the address the server happens to listen on.
    const target = `${hosts.protocol}://${hosts[site]}/${preferredEdition(request.headers.get("accept-language"))}${request.nextUrl.search}`;
    // Temporary: the choice depends on the reader's language, so caches must not pin it.
    const response = NextResponse.redirect(target, 307);
    response.headers.set("vary", "accept-language");
    return response;
  }

  // Legal pages moved to the leading host.
  const legal = site !== "hub" ? movedLegalPath(pathname) : null;
  if (legal) return NextResponse.redirect(`${hosts.protocol}://${hosts.hub}${legal}`, 301);

  const subject = site !== "hub" && decide ? publicSubject(pathname) : null;
  let decision: PublicDecision = null;
  if (subject && site !== "hub" && decide) {
    decision = await decide(site, subject);
    if (decision?.status === 301 && subject.kind === "newsroom") {
      return NextResponse.redirect(
        `${hosts.protocol}://${hosts[site]}${newsroomPath(subject.edition, decision.slug)}${subject.rest}${request.nextUrl.search}`,
        301,
      );
    }
    // A gone newsroom's feed is merely unavailable (404, answered by the feed route).
    if (decision?.status === 410 && !(subject.kind === "newsroom" && subject.rest)) {
      // The same bytes for everyone, kept by caches: a policy without a per-request value.
      const html = gonePageHtml(site, subject.edition);
      return new NextResponse(html, {
        status: 410,
        headers: {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "public, max-age=60, s-maxage=300",
          "content-security-policy": publicPagePolicy(html, null),
        },
      });
    }
  }

  // A render for the store (lib/adapters/public/stored-answers) goes to its route without a nonce; its
  // bytes get a policy of script hashes. A reader's request for a storable answer is served
  // from the stored bytes; a tombstone or a move decided above always wins over them.
  const renderId = verifiedRenderId(request.headers.get(RENDER_HEADER));
  const storeRender = renderId !== null;
  const readerPage = site !== "hub" ? isPortalPage(pathname) : isHubReaderPage(pathname);
  const storable =
    serveStored && !storeRender && !decision && isPlainRead(request) ? storableAnswer(site, pathname, request.nextUrl.searchParams) : null;
  const served = storable ? await serveStored!(request, storable, hosts[site], readerPage) : null;
  if (served instanceof NextResponse) return served;

  const edition = resolveEdition(pathname);
  const headers = new Headers(request.headers);
  if (!storeRender) headers.delete(RENDER_HEADER);
  headers.delete(STORE_KEY_HEADER);
  // No render through this server here: the reader page's route keeps its own bytes (route-keeps.ts).
  if (served) {
    const { id, token } = newRenderToken();
    headers.set(RENDER_HEADER, token);
    headers.set(STORE_KEY_HEADER, signedStoreKey(id, served.routeKeeps));
  }
  headers.set(SITE_HEADER, site);
  if (edition) headers.set(EDITION_HEADER, edition);
  else headers.delete(EDITION_HEADER);

  // Reader pages are static markup with a fixed policy of their own (READER_PAGE_POLICY): no
  // nonce, so the same bytes may go to every reader. Every other page gets one nonce per request:
  // Next finds it in the request's CSP header and puts it on its scripts. A store render gets the
  // render's nonce instead, which marks the scripts Next wrote; the store hashes those, removes
  // the nonce and sets the policy itself.
  const csp = renderId || readerPage ? null : contentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === "development" });
  headers.set("content-security-policy", csp ?? (renderId ? contentSecurityPolicy(renderNonce(renderId)) : READER_PAGE_POLICY));

  const url = request.nextUrl.clone();
  const internal = INTERNAL_PATHS[pathname] ?? pathname;
  url.pathname = site === "hub" ? `/hub${internal}` : `/portal/${site}${internal}`;
  const response = NextResponse.rewrite(url, { request: { headers } });
  // A route with a stricter policy of its own keeps it: Next keeps a header set here over the route's.
  if (csp && !(site === "hub" && OWN_POLICY_PATHS.test(pathname))) response.headers.set("content-security-policy", csp);
  // A reader page says itself how it may be kept (public, or private for a search and a 404);
  // where the store runs, a page it does not keep (a search, a late archive page) is the
  // reader's own. A hub page rendered for the store is kept like a portal page.
  if (readerPage && serveStored && !storeRender && !served) response.headers.set("cache-control", "private, no-store");
  else if (site === "hub" && storeRender && isStoredHubPage(pathname)) response.headers.set("cache-control", PORTAL_PAGE_CACHE_CONTROL);
  return response;
}

/** GET or HEAD of a document: not a server action, not a client router's RSC request. */
function isPlainRead(request: NextRequest): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !request.headers.has("rsc") &&
    !request.headers.has("next-action") &&
    !request.nextUrl.searchParams.has("_rsc")
  );
}
