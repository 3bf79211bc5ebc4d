import type { Metadata } from "next";
import { ReleaseFilter, ReleaseStatusTabs } from "@/components/admin/release-filter";
import { ListPager } from "@/components/admin/release-pager";
import { ReleaseTable } from "@/components/admin/release-table";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { listHref, type SearchParams } from "@/lib/adapters/admin/list-query";
import {
  ADMIN_RELEASES_PAGE_SIZE,
  countAdminReleasesByStatus,
  parseAdminReleaseQuery,
  searchAdminReleases,
} from "@/lib/adapters/admin/release-search";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";
import { parseRecordId } from "@/lib/core/input/ids";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pressemitteilungen" };

const count = (n: number) => n.toLocaleString("de-DE");

// Every release of every newsroom (spec 4.3), found through the search mirror, newest first.
export default async function AdminReleasesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin(ADMIN_SCREENS.releases.permission);
  const params = await searchParams;
  const query = parseAdminReleaseQuery(params);
  // After a full deletion (actions.ts): only a record id is echoed.
  const deleted = typeof params.geloescht === "string" ? parseRecordId(params.geloescht) : null;
  const [found, counts] = await Promise.all([searchAdminReleases(query), countAdminReleasesByStatus(query)]);
  const { q, status, portal, language, newsroom } = query;
  const href = (page: number) => listHref("/admin/releases", { q, status, portal, language, newsroom }, page);
  const total = found.totalCapped ? `mehr als ${count(found.total)}` : count(found.total);
  return (
    <>
      <PageHeader
        title="Pressemitteilungen"
        description="Alle Pressemitteilungen aller Newsrooms, auch Entwürfe, entfernte und depublizierte. Ohne Suchbegriffe stehen die neuesten oben."
      />
      {deleted !== null ? (
        <Notice tone="success" role="status">
          Pressemitteilung Nr. {deleted} endgültig gelöscht. Ihre Seiten sind nicht mehr auffindbar, sobald die Portale den Stand übernommen
          haben (wenige Sekunden).
        </Notice>
      ) : null}
      <ReleaseStatusTabs query={query} counts={counts} />
      <ReleaseFilter query={query} />
      {found.newsrooms && !found.newsrooms.length ? (
        <Notice tone="error" role="alert">
          Zu „{newsroom}“ gibt es keinen Newsroom. Geben Sie seine Nummer oder seinen Slug an.
        </Notice>
      ) : null}
      <section aria-labelledby="release-results-heading">
        <h2 id="release-results-heading" className="visually-hidden">
          Ergebnisse
        </h2>
        <p className="meta" role="status">
          {found.total === 1 ? "1 Pressemitteilung" : `${total} Pressemitteilungen`}
          {found.newsrooms?.length ? ` von ${found.newsrooms.map((n) => n.name).join(", ")}` : ""}
          {found.overdue ? (found.total === 1 ? " hängt fest" : " hängen fest, die am längsten wartende zuerst") : ""}
          {found.pageCount > 1 ? ` · ${ADMIN_RELEASES_PAGE_SIZE} pro Seite, die neuesten zuerst` : ""}
        </p>
        {found.rows.length ? <ReleaseTable rows={found.rows} /> : <p className="empty">Keine Pressemitteilung passt zu dieser Suche.</p>}
        <ListPager
          page={query.page}
          pageCount={found.pageCount}
          hasNext={found.totalCapped ? found.hasNext : undefined}
          href={href}
          label="Seiten der Ergebnisse"
        />
      </section>
    </>
  );
}
