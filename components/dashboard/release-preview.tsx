"use client";

import type { MouseEvent } from "react";
import { ReleaseArticleView } from "@/components/portal/release-article-view";
import { useHydrated } from "@/components/ui/use-hydrated";
import { berlinLocalToDate } from "@/lib/core/time/berlin-time";
import type { ReleaseFormValues } from "@/lib/adapters/dashboard/release-rules";

const PORTAL_NAMES = { business: "Pressdesk Business", tech: "Pressdesk Tech" } as const;

/** Links in the preview open in a new tab: a click must not leave the form. */
function openLinksElsewhere(e: MouseEvent<HTMLElement>) {
  const link = (e.target as Element).closest("a[href]");
  if (!link) return;
  e.preventDefault();
  window.open(link.getAttribute("href")!, "_blank", "noopener");
}

/**
 * The release as its portal page will show it, updated as the customer types: the portal's own
 * renderer (ReleaseArticleView) with the form's values and the editor's HTML. The date is the
 * planned publication time, or now. Rendered after hydration only, so the clock never differs
 * between server and browser.
 */
export function ReleasePreview({
  values,
  bodyHtml,
  newsroomName,
  categoryName,
  id,
  publishedAt,
}: {
  values: ReleaseFormValues;
  bodyHtml: string;
  newsroomName: string;
  categoryName: string | null;
  id: string;
  /** A published release's date; a draft shows its planned time or today. */
  publishedAt?: Date | null;
}) {
  const hydrated = useHydrated();
  const edition = values.language === "en" ? "en" : "de";
  const portal = values.portal === "tech" ? "tech" : "business";
  const optional = (s: string) => s.trim() || null;
  return (
    // Focusable: on wide screens the preview scrolls by itself, and keyboard users must reach it.
    <section className="release-preview" id={id} aria-labelledby={`${id}-heading`} tabIndex={0}>
      <h2 id={`${id}-heading`} className="release-preview-heading">
        Vorschau
      </h2>
      <p className="meta">So erscheint die Pressemitteilung auf {PORTAL_NAMES[portal]}.</p>
      {/* Catches clicks on the links inside (Enter on a focused link is a click too); no focus of its own. */}
      <div className="release-preview-page" lang={edition} onClick={openLinksElsewhere}>
        {hydrated ? (
          <ReleaseArticleView
            release={{
              title: values.title.trim() || "Ihre Überschrift",
              lead: optional(values.lead),
              location: optional(values.location),
              body: bodyHtml,
              contactName: optional(values.contactName),
              contactEmail: optional(values.contactEmail),
              contactPhone: optional(values.contactPhone),
            }}
            edition={edition}
            publishedAt={publishedAt ?? ((values.scheduledAt && berlinLocalToDate(values.scheduledAt)) || new Date())}
            newsroom={{ name: newsroomName }}
            category={categoryName ? { name: categoryName } : null}
            headingLevel={2}
          />
        ) : null}
      </div>
    </section>
  );
}
