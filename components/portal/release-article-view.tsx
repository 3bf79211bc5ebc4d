import type { ReactNode } from "react";
import type { Picture } from "@/lib/adapters/public/release-images";
import type { Edition } from "@/lib/domains/sites";
import type { CorrectionNote } from "@/lib/domains/legal/corrections/release-notes";
import { CorrectionNotes } from "./correction-notes";
import { PICTURE_SIZES, ReleaseFigure, ReleaseGallery } from "./release-picture";
import { editionDateTime } from "@/lib/domains/sites/edition-dates";

// The release as the portal prints it: header with meta line and lead, the cover, dateline and
// body, the other images, the press contact. One renderer for the public page (release-article.tsx) and the dashboard's
// live preview, so the preview shows what the portal will. No hooks, no server imports: it
// renders on the server and in the browser alike.

const LABELS = {
  de: { published: "Veröffentlicht", updated: "aktualisiert", by: "Newsroom", category: "Kategorie", contact: "Pressekontakt" },
  en: { published: "Published", updated: "updated", by: "Newsroom", category: "Category", contact: "Press contact" },
} as const;

export interface ReleaseViewContent {
  title: string;
  lead: string | null;
  location: string | null;
  /** Sanitised HTML (lib/domains/releases/sanitize.ts), or the editor's schema-bound HTML in the preview. */
  body: string;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
}

/** A name in the meta line: a link on the portal, plain text where there is nowhere to go yet. */
function Named({ name, href }: { name: string; href?: string | undefined }) {
  return href ? <a href={href}>{name}</a> : <span className="release-meta-name">{name}</span>;
}

export function ReleaseArticleView({
  release: r,
  edition,
  publishedAt,
  changedAt,
  newsroom,
  category,
  headingLevel = 1,
  pictures,
  corrections,
  children,
}: {
  release: ReleaseViewContent;
  edition: Edition;
  publishedAt: Date;
  /** Shown as "updated" when the content changed after publication. */
  changedAt?: Date | null;
  newsroom: { name: string; href?: string };
  category: { name: string; href?: string } | null;
  /** 1 on the portal page; 2 where the page around it has its own h1 (the preview). */
  headingLevel?: 1 | 2;
  /** Deliverable images only (lib/adapters/public/release-images.ts): the cover under the title, the rest after the text. */
  pictures?: { cover: Picture | null; gallery: Picture[] };
  /** Public correction notes (the portal page only; the preview has none). */
  corrections?: readonly CorrectionNote[];
  children?: ReactNode;
}) {
  const t = LABELS[edition];
  const fmt = editionDateTime(edition);
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Sub = headingLevel === 1 ? "h2" : "h3";
  return (
    <article className="release">
      <header>
        <Title>{r.title}</Title>
        <p className="meta">
          {t.published} <time dateTime={publishedAt.toISOString()}>{fmt.format(publishedAt)}</time>
          {changedAt ? (
            <>
              {" "}
              · {t.updated} <time dateTime={changedAt.toISOString()}>{fmt.format(changedAt)}</time>
            </>
          ) : null}{" "}
          · {t.by}: <Named {...newsroom} />
          {category ? (
            <>
              {" "}
              · {t.category}: <Named {...category} />
            </>
          ) : null}
        </p>
        {r.lead ? <p className="lead">{r.lead}</p> : null}
      </header>
      {corrections?.length ? <CorrectionNotes notes={corrections} edition={edition} /> : null}
      {pictures?.cover ? (
        <ReleaseFigure picture={pictures.cover} sizes={PICTURE_SIZES.hero} priority className="release-figure release-hero" />
      ) : null}
      <div className="release-body">
        {r.location ? <strong>{r.location}. </strong> : null}
        {/* Stored sanitised (lib/domains/releases/sanitize.ts). */}
        <div dangerouslySetInnerHTML={{ __html: r.body }} />
      </div>
      {pictures ? <ReleaseGallery pictures={pictures.gallery} edition={edition} /> : null}
      {r.contactName || r.contactEmail ? (
        <footer className="release-contact">
          <Sub>{t.contact}</Sub>
          <p>
            {r.contactName}
            {r.contactEmail ? (
              <>
                <br />
                <a href={`mailto:${r.contactEmail}`}>{r.contactEmail}</a>
              </>
            ) : null}
            {r.contactPhone ? (
              <>
                <br />
                {r.contactPhone}
              </>
            ) : null}
          </p>
        </footer>
      ) : null}
      {children}
    </article>
  );
}
