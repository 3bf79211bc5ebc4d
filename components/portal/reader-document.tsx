import type { Metadata } from "next";
import type { ReactNode } from "react";
import { MetadataTags } from "./metadata-tags";

/** The one script a reader page may load: share and copy-link (public/assets). */
export const READER_SCRIPT = "/assets/reader-1.js";

/**
 * The whole document of a reader page: head from the page's metadata, the styles inline, and
 * no script but the share helper where a page has share buttons.
 */
export function ReaderDocument({
  lang,
  metadata,
  css,
  jsonLd,
  withScript = false,
  children,
}: {
  lang: string;
  metadata: Metadata;
  css: string;
  jsonLd?: unknown;
  withScript?: boolean;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      {/* The whole document is ours: reader pages render outside Next's document (reader-route.tsx). */}
      {/* eslint-disable-next-line @next/next/no-head-element */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <MetadataTags metadata={metadata} />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: css }} />
        {/* JSON inside <script>: "<" escaped so text can never close the tag. */}
        {jsonLd ? (
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
        ) : null}
        {withScript ? <script src={READER_SCRIPT} defer /> : null}
      </head>
      <body>{children}</body>
    </html>
  );
}
