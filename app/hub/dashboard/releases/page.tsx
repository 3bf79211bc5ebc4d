import type { Metadata } from "next";
import Link from "next/link";
import { ReleaseTable } from "@/components/dashboard/release-table";
import { requireUser } from "@/lib/domains/auth/session";
import { ImageConfirmationNotice } from "@/components/dashboard/image-confirmation-notice";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { LinkButton } from "@/components/ui/link-button";
import { PageHeader } from "@/components/ui/page-header";
import { listDashboardReleases } from "@/lib/adapters/dashboard/list-releases";
import { withoutUnstorableChars } from "@/lib/core/input/text";
import { MAX_SEARCH_PAGE } from "@/lib/domains/releases/search";
import { StatusTabs } from "@/components/ui/status-tabs";
import { NewsroomOnboarding } from "@/components/dashboard/newsroom-onboarding";
import { RELEASE_LIST_VIEWS, releaseListView } from "@/lib/adapters/dashboard/release-list-views";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Ihre Pressemitteilungen" };

type SearchParams = Promise<{ q?: string | string[]; page?: string | string[]; status?: string | string[] }>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** Every release of the user's newsrooms: status tabs with their counts, search, pages. */
export default async function DashboardReleases({ searchParams }: { searchParams: SearchParams }) {
  const { user } = await requireUser();
  const params = await searchParams;
  // A NUL or broken emoji half pasted into the search box is dropped, not answered with an error page.
  const q = withoutUnstorableChars(first(params.q).slice(0, 200));
  const page = Math.min(MAX_SEARCH_PAGE, Math.max(1, Number.parseInt(first(params.page), 10) || 1));
  const view = releaseListView(first(params.status));
  const list = await listDashboardReleases({ userId: user.id, q, page, ...(view.status ? { status: view.status } : {}) });
  const href = (key: string, p = 1) =>
    `/dashboard/releases?${new URLSearchParams({ ...(key !== "all" ? { status: key } : {}), ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  const pageHref = (p: number) => href(view.key, p);
  const all = Object.values(list.counts).reduce((n, c) => n + (c ?? 0), 0);
  const tabs = RELEASE_LIST_VIEWS.filter((v) => v.always || (v.status && list.counts[v.status])).map((v) => ({
    key: v.key,
    label: v.label,
    count: v.status ? (list.counts[v.status] ?? 0) : all,
    href: href(v.key),
  }));
  return (
    <>
      <PageHeader
        title="Ihre Pressemitteilungen"
        actions={list.hasNewsroom ? <LinkButton href="/dashboard/releases/new">Neue Pressemitteilung</LinkButton> : null}
      />
      <ImageConfirmationNotice userId={user.id} />
      {!list.hasNewsroom ? <NewsroomOnboarding /> : null}
      {list.hasNewsroom ? <StatusTabs label="Status" tabs={tabs} current={view.key} /> : null}
      <form role="search" className="search" method="get" action="/dashboard/releases">
        {view.status ? <input type="hidden" name="status" value={view.key} /> : null}
        <input
          name="q"
          type="search"
          defaultValue={q}
          aria-label="Pressemitteilungen durchsuchen"
          placeholder="Titel oder Text durchsuchen"
        />
        <Button type="submit" variant="secondary">
          Suchen
        </Button>
      </form>
      {list.items.length ? (
        <ReleaseTable items={list.items} />
      ) : (
        <p className="empty">
          {q
            ? `Keine Pressemitteilung passt zu „${q}“${view.status ? ` unter „${view.label}“` : ""}.`
            : view.status
              ? `Keine Pressemitteilung unter „${view.label}“.`
              : "Noch keine Pressemitteilungen."}
        </p>
      )}
      {list.total > list.pageSize ? (
        <FormActions as="nav" aria-label="Seiten">
          {page > 1 ? <Link href={pageHref(page - 1)}>← Neuere</Link> : null}
          <span className="meta">
            Seite {page} von {Math.ceil(list.total / list.pageSize)}
          </span>
          {page * list.pageSize < list.total ? <Link href={pageHref(page + 1)}>Ältere →</Link> : null}
        </FormActions>
      ) : null}
    </>
  );
}
