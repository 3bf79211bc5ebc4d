import { createElement } from "react";
import type { PreviewOutcome } from "@/lib/domains/releases/previews/open-preview-link";
import { PreviewDocument } from "./preview-document";
import { PreviewNoticeDocument } from "./preview-notice-document";
import { renderDocument } from "./render-document";

/**
 * On every answer of a preview, the page, its images, 410, 404 and 429 alike: never kept by a
 * cache (private, no-store; no stored answer either: the path is not storable), never indexed
 * or archived, and the token in the address never sent on as a Referer by a click or an image.
 * Next keeps a header next.config.ts already set (its site-wide Referrer-Policy), so the pages
 * also say no-referrer in a meta tag, and next.config.ts names the preview paths' own.
 */
export const PREVIEW_HEADERS = {
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex, nofollow, noarchive",
  "referrer-policy": "no-referrer",
} as const;

/** The pages load nothing but their own images and run nothing; nobody may frame them. */
const PREVIEW_PAGE_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A route handler whose every answer, errors of the route wrapper included, carries PREVIEW_HEADERS. */
export function withPreviewHeaders<A extends unknown[]>(handler: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args) => {
    const response = await handler(...args);
    for (const [name, value] of Object.entries(PREVIEW_HEADERS)) response.headers.set(name, value);
    return response;
  };
}

const html = (body: string, status: number) =>
  new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": PREVIEW_PAGE_POLICY } });

/** The HTTP answer to an open: 200 with the page, 307 to the public page, 410 or 404 without the release. */
export async function previewAnswer(outcome: PreviewOutcome, token: string, now = new Date()): Promise<Response> {
  switch (outcome.kind) {
    case "show":
      return html(await renderDocument(createElement(PreviewDocument, { preview: outcome.preview, token, now })), 200);
    case "redirect":
      // Temporary: should the release leave the portal again, the link answers 410.
      return new Response(null, { status: 307, headers: { location: outcome.url } });
    case "gone":
      return html(await renderDocument(createElement(PreviewNoticeDocument, { kind: "gone" })), 410);
    case "unknown":
      return html(await renderDocument(createElement(PreviewNoticeDocument, { kind: "unknown" })), 404);
  }
}

/** An image file through the link: the same private headers, its own content type. */
export function previewImageResponse(file: { bytes: Buffer; contentType: string }): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.bytes.byteLength),
      "content-security-policy": "default-src 'none'; sandbox",
      "x-content-type-options": "nosniff",
    },
  });
}

/** No image (not this release's, withheld, or a link that ended): a plain status, nothing else. */
export function previewImageRefusal(status: 404 | 410): Response {
  return new Response(status === 410 ? "Gone" : "Not found", { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
