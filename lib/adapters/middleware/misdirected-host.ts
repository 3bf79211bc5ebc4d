import type { NextResponse } from "next/server";
import { refusalResponse } from "./refusal";

/**
 * 421 Misdirected Request: this server does not answer under the name the request was sent to
 * (lib/domains/sites/resolve.ts, isMisdirected). Nothing of a page, its scripts or its cookies is ever
 * served under a foreign name: the JSON error on API paths, a bare German page elsewhere;
 * nothing is reported.
 */
export function misdirectedHostResponse(pathname: string): NextResponse {
  return refusalResponse(pathname, {
    code: "misdirected_request",
    message: "This server does not answer under this host name.",
    title: "Falsche Adresse",
    text: "Unter diesem Namen ist dieser Dienst nicht erreichbar. Bitte rufen Sie ihn unter seiner eigenen Adresse auf.",
  });
}
