/* eslint-disable @next/next/no-head-element -- a whole document answered by a route handler (docs/previews.md), not a Next page */
import { PREVIEW_CSS } from "./preview-styles";

// What a link answers when it shows nothing: 410 once it ended, 404 for a token that names no
// link. German first, then English (the recipient's language is not known here, and this page
// says nothing of the release, not even which one).

const TEXT = {
  gone: {
    de: {
      title: "Diese Vorschau ist nicht mehr verfügbar",
      body: "Der Link wurde widerrufen, ist abgelaufen, oder die Pressemitteilung ist nicht mehr zur Veröffentlichung vorgesehen. Ist sie inzwischen erschienen, finden Sie sie auf dem Portal.",
    },
    en: {
      title: "This preview is no longer available",
      body: "The link was revoked or has expired, or the press release is no longer due to be published. If it has appeared in the meantime, you will find it on the portal.",
    },
  },
  unknown: {
    de: { title: "Diese Vorschau gibt es nicht", body: "Bitte prüfen Sie, ob Sie den Link vollständig übernommen haben." },
    en: { title: "This preview does not exist", body: "Please check that you copied the whole link." },
  },
} as const;

export function PreviewNoticeDocument({ kind }: { kind: "gone" | "unknown" }) {
  const { de, en } = TEXT[kind];
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${de.title} – Pressdesk`}</title>
        <style dangerouslySetInnerHTML={{ __html: PREVIEW_CSS }} />
      </head>
      <body>
        <main id="main" className="wrap">
          <p className="meta">Pressdesk</p>
          <h1>{de.title}</h1>
          <p>{de.body}</p>
          <section lang="en" aria-labelledby="notice-en">
            <h2 id="notice-en">{en.title}</h2>
            <p>{en.body}</p>
          </section>
        </main>
      </body>
    </html>
  );
}
