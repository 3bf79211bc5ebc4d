import { NextResponse } from "next/server";
import { AppError, ERROR_STATUS, type ErrorCode } from "@/lib/core/errors/errors";
import { errorBody } from "@/lib/core/http/problem";

// What the middleware answers when it refuses a request before any page or route runs: API
// clients (/api/, /service/) the documented JSON error body, browsers a small German page. A
// client's mistake or an attack, so nothing is reported and nothing is cached or indexed.

/** Paths answered as JSON in the documented error shape. */
const API_PATH = /^\/(api|service)(\/|$)/;

export interface MiddlewareRefusal {
  code: ErrorCode;
  /** For the JSON body (API clients read English, like every API error). */
  message: string;
  /** The page's heading and one paragraph, German. */
  title: string;
  text: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(r: MiddlewareRefusal): string {
  return `<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(r.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a}main{max-width:40rem;margin:4rem auto;padding:0 1rem}a{color:#0b57d0}</style>
</head><body><main><h1>${escapeHtml(r.title)}</h1><p>${escapeHtml(r.text)}</p><p><a href="/">Zur Startseite</a></p></main></body></html>`;
}

const NOT_KEPT = { "cache-control": "no-store", "x-robots-tag": "noindex" };

/** The refusal as the documented JSON error body, with its request id; status from the code. */
export function jsonRefusal(code: ErrorCode, message: string): NextResponse {
  const err = new AppError(code, message);
  const requestId = crypto.randomUUID();
  return NextResponse.json(errorBody(err, requestId), { status: err.status, headers: { ...NOT_KEPT, "x-request-id": requestId } });
}

/** The refusal for this path: JSON on API paths, the German page elsewhere; status from the code. */
export function refusalResponse(pathname: string, r: MiddlewareRefusal): NextResponse {
  if (API_PATH.test(pathname)) return jsonRefusal(r.code, r.message);
  return new NextResponse(page(r), {
    status: ERROR_STATUS[r.code],
    headers: {
      ...NOT_KEPT,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
