import type { Metadata } from "next";
import Link from "next/link";
import { ReleaseTable } from "@/components/dashboard/release-table";
import { requireUser } from "@/lib/auth/session";
import { ImageConfirmationNotice } from "@/components/dashboard/image-confirmation-notice";
import { listDashboardReleases } from "@/lib/dashboard/list-releases";
import { withoutUnstorableChars } from "@/lib/input/text";
import { MAX_SEARCH_PAGE } from "@/lib/releases/search";

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
      <div className="page-head">
        <h1>Ihre Pressemitteilungen</h1>
        {list.hasNewsroom ? (
          <Link className="button" href="/dashboard/releases/new">
            Neue Pressemitteilung
          </Link>
        ) : null}
      </div>
      <ImageConfirmationNotice userId={user.id} />
      {!list.hasNewsroom ? (
        <section className="panel onboarding-intro" aria-labelledby="start">
          <h2 id="start">Willkommen! Legen Sie Ihren Newsroom an</h2>
          <p>Bevor Sie Pressemitteilungen schreiben, braucht Ihr Unternehmen einen Newsroom: Name, Anschrift, Kurzbeschreibung, Logo und Pressekontakt. Unter ihm erscheinen Ihre Meldungen auf dem Portal.</p>
          <p className="button-row">
            <Link className="button" href="/dashboard/newsrooms/new">Newsroom anlegen</Link>
          </p>
          <p className="meta">Ihr Unternehmen hat schon einen Newsroom? Dann bitten Sie dessen Inhaberin oder Inhaber um eine Einladung und öffnen den Link aus der E-Mail.</p>
        </section>
      ) : null}
      <form role="search" className="search" method="get" action="/dashboard">
        <input name="q" type="search" defaultValue={q} aria-label="Pressemitteilungen durchsuchen" placeholder="Titel oder Text durchsuchen" />
        <button type="submit" className="button secondary">
          Suchen
        </button>
      </form>
      {list.items.length ? (
        <ReleaseTable items={list.items} />
      ) : (
        <p className="empty">{q ? `Keine Pressemitteilung passt zu „${q}“.` : "Noch keine Pressemitteilungen."}</p>
      )}
      {list.total > list.pageSize ? (
        <nav aria-label="Seiten" className="button-row">
          {page > 1 ? <Link href={pageHref(page - 1)}>← Neuere</Link> : null}
          <span className="meta">
            Seite {page} von {Math.ceil(list.total / list.pageSize)}
          </span>
          {page * list.pageSize < list.total ? <Link href={pageHref(page + 1)}>Ältere →</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
