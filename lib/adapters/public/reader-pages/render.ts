import { join } from "node:path";
import type { ReactElement } from "react";
import { PORTAL_PAGE_CACHE_CONTROL } from "@/lib/domains/sites/public-paths";
import { READER_PAGE_POLICY } from "./policy";

/**
 * React's static renderer, loaded by Node at run time. Route handlers are bundled for React
 * Server Components, where `react-dom/server` is refused at build time (the framework wants
 * pages rendered with its runtime); a reader page is meant to be exactly the static markup, so
 * the renderer comes from the installed react-dom, required by Node from the project's root
 * where the bundler does not look (process.getBuiltinModule is opaque to it). Deployments that
 * ship only traced files carry react-dom (next.config.ts outputFileTracingIncludes).
 */
let renderer: typeof import("react-dom/server") | null = null;

function renderToStaticMarkup(element: ReactElement): string {
  if (!renderer) {
    const { createRequire } = process.getBuiltinModule("node:module");
    renderer = createRequire(join(process.cwd(), "package.json"))("react-dom/server") as typeof import("react-dom/server");
  }
  return renderer.renderToStaticMarkup(element);
}

/**
 * A reader page as HTML and nothing else: rendered once to static markup, with no framework
 * runtime, no hydration data and no per-request value (docs/portals.md "Reader pages").
 */
export function renderReaderHtml(document: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(document)}`;
}

export interface ReaderAnswer {
  /** 200; 404 for a page that names nothing; 400 and 429 for a search that cannot run. */
  status?: number;
  /** `private`: the reader's own answer (a search), never kept by a shared cache. */
  caching?: "public" | "private";
  headers?: Record<string, string>;
}

export function readerResponse(html: string, { status = 200, caching = "public", headers = {} }: ReaderAnswer = {}): Response {
  return new Response(html, {
    status,
    headers: {
      ...headers,
      "content-type": "text/html; charset=utf-8",
      // A missing page is not kept: it may exist a second later (a publication).
      "cache-control": status !== 200 || caching === "private" ? "private, no-store" : PORTAL_PAGE_CACHE_CONTROL,
      "content-security-policy": READER_PAGE_POLICY,
    },
  });
}
