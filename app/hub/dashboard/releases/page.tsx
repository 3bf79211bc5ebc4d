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

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Ihre Pressemitteilungen" };

type SearchParams = Promise<{ q?: string | string[]; page?: string | string[] }>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export default async function DashboardHome({ searchParams }: { searchParams: SearchParams }) {
  const { user } = await requireUser();
  const params = await searchParams;
  // A NUL or broken emoji half pasted into the search box is dropped, not answered with an error page.
  const q = withoutUnstorableChars(first(params.q).slice(0, 200));
  const page = Math.min(MAX_SEARCH_PAGE, Math.max(1, Number.parseInt(first(params.page), 10) || 1));
  const list = await listDashboardReleases({ userId: user.id, q, page });
  const pageHref = (p: number) => `/dashboard?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <>
      <PageHeader
        title="Ihre Pressemitteilungen"
        actions={list.hasNewsroom ? <LinkButton href="/dashboard/releases/new">Neue Pressemitteilung</LinkButton> : null}
      />
      <ImageConfirmationNotice userId={user.id} />
      {!list.hasNewsroom ? (
        <section className="panel onboarding-intro" aria-labelledby="start">
          <h2 id="start">Willkommen! Legen Sie Ihren Newsroom an</h2>
          <p>
            Bevor Sie Pressemitteilungen schreiben, braucht Ihr Unternehmen einen Newsroom: Name, Anschrift, Kurzbeschreibung, Logo und
            Pressekontakt. Unter ihm erscheinen Ihre Meldungen auf dem Portal.
          </p>
          <FormActions>
            <LinkButton href="/dashboard/newsrooms/new">Newsroom anlegen</LinkButton>
          </FormActions>
          <p className="meta">
            Ihr Unternehmen hat schon einen Newsroom? Dann bitten Sie dessen Inhaberin oder Inhaber um eine Einladung und öffnen den Link
            aus der E-Mail.
          </p>
        </section>
      ) : null}
      <form role="search" className="search" method="get" action="/dashboard">
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
        <p className="empty">{q ? `Keine Pressemitteilung passt zu „${q}“.` : "Noch keine Pressemitteilungen."}</p>
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
