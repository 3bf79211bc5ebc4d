import { NextResponse } from "next/server";
import { AppError } from "@/lib/http/errors";
import { errorBody } from "@/lib/http/problem";
import { isDecodablePath } from "@/lib/input/path-segment";

/** Paths answered as JSON in the documented error shape. */
const API_PATH = /^\/(api|service)(\/|$)/;

const PAGE = `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Ungültige Adresse – Invalid address</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a}main{max-width:40rem;margin:4rem auto;padding:0 1rem}a{color:#0b57d0}</style>
</head><body><main><h1>Ungültige Adresse</h1><p>Diese Adresse enthält fehlerhaft kodierte Zeichen und kann nicht aufgerufen werden.</p><p><a href="/">Zur Startseite</a></p>
<h2 lang="en">Invalid address</h2><p lang="en">This address contains malformed percent-encoding and cannot be opened.</p><p lang="en"><a href="/">Go to the home page</a></p></main></body></html>`;

/**
 * A path whose percent-encoding does not decode (`%F2%88%88`, a lone `%`) names nothing: 400,
 * answered here before Next tries to decode it into route parameters (which ends in a bare 500).
 * A client's mistake, so nothing is reported. Null when the path is fine.
 */
export function malformedPathResponse(pathname: string): NextResponse | null {
  if (isDecodablePath(pathname)) return null;
  const headers = { "cache-control": "no-store", "x-robots-tag": "noindex" };
  if (API_PATH.test(pathname)) {
    const requestId = crypto.randomUUID();
    const body = errorBody(new AppError("bad_request", "The path contains malformed percent-encoding."), requestId);
    return NextResponse.json(body, { status: 400, headers: { ...headers, "x-request-id": requestId } });
  }
  return new NextResponse(PAGE, { status: 400, headers: { ...headers, "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'" } });
}
