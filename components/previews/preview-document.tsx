/* eslint-disable @next/next/no-head-element -- a whole document answered by a route handler (docs/previews.md), not a Next page */
import { ReleaseArticleView } from "@/components/portal/release-article-view";
import type { PreviewContent } from "@/lib/domains/releases/previews/open-preview-link";
import { PORTAL_TAGLINES, SITE_NAMES } from "@/lib/domains/sites";
import { PreviewBanner } from "./preview-banner";
import { previewPictures } from "./preview-pictures";
import { PREVIEW_CSS } from "./preview-styles";

const TITLE = { de: "Vertrauliche Vorschau", en: "Confidential preview" } as const;
const FOOTER = { de: "Vertrauliche Vorschau, nicht öffentlich", en: "Confidential preview, not public" } as const;

/**
 * The whole preview page: the banner naming recipient and embargo, then the release as its
 * portal page will print it (the portal's own article renderer), without share buttons, view
 * beacon or structured data, and never indexed. The newsroom and category are named, not
 * linked: their pages are on the portal, and this page is private.
 */
export function PreviewDocument({ preview, token, now }: { preview: PreviewContent; token: string; now: Date }) {
  const r = preview.release;
  const edition = r.language;
  return (
    <html lang={edition}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${TITLE[edition]}: ${r.title} – ${SITE_NAMES[r.portal]}`}</title>
        <style dangerouslySetInnerHTML={{ __html: PREVIEW_CSS }} />
      </head>
      <body>
        <PreviewBanner edition={edition} recipient={preview.recipient} embargoAt={preview.embargoAt} expiresAt={preview.expiresAt} />
        <header className="site-header">
          <div className="wrap">
            <span className="brand">
              {SITE_NAMES[r.portal]}
              <small>{PORTAL_TAGLINES[r.portal][edition]}</small>
            </span>
          </div>
        </header>
        <main id="main" className="wrap">
          <ReleaseArticleView
            release={r}
            edition={edition}
            // The date readers will see: the embargo, or today while none is set (as the editor's preview).
            publishedAt={preview.embargoAt ?? now}
            newsroom={{ name: r.newsroomName }}
            category={r.categoryName ? { name: r.categoryName } : null}
            pictures={previewPictures(preview.images, token)}
          />
        </main>
        <footer className="site-footer">
          <div className="wrap">
            <p>
              © {SITE_NAMES[r.portal]} · {FOOTER[edition]}
            </p>
          </div>
        </footer>
      </body>
    </html>
  );
}
