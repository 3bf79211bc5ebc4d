import type { Metadata } from "next";
import Link from "next/link";
import { CompanyTable } from "@/components/admin/company-tables";
import { AdminListSearch } from "@/components/admin/company-user-search";
import { ListPager } from "@/components/admin/release-pager";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { parseAdminCompanyQuery, searchAdminCompanies } from "@/lib/adapters/admin/company-search";
import { listHref, oneParam, type SearchParams } from "@/lib/adapters/admin/list-query";
import { ADMIN_SCREENS } from "@/lib/domains/accounts/admin-screens";
import { requireAdmin } from "@/lib/domains/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Newsrooms" };

export default async function AdminCompaniesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin(ADMIN_SCREENS.companies.permission);
  const params = await searchParams;
  const query = parseAdminCompanyQuery(params);
  const deleted = /^[0-9]{1,10}$/.test(oneParam(params, "geloescht")) ? oneParam(params, "geloescht") : null;
  const found = await searchAdminCompanies(query);
  return (
    <>
      <PageHeader title="Newsrooms" />
      {deleted ? (
        <Notice tone="success" role="status">
          Newsroom Nr. {deleted} gelöscht. Seine Seiten sind nicht mehr auffindbar; seine Daten bleiben gespeichert. Rückgängig macht es der
          Betrieb mit „companies:restore {deleted}“.
        </Notice>
      ) : null}
      <p>
        Alle Newsrooms beider Portale, auch inaktive, entfernte und zusammengeführte; gelöschte nicht. Wahrscheinlich doppelte Newsrooms:{" "}
        <Link href="/admin/companies/similar">Ähnliche Adressen</Link>.
      </p>
      <AdminListSearch
        path="/admin/companies"
        id="companies-q"
        q={query.q}
        label="Name, Slug, Firmen-E-Mail oder Nummer"
        found={{ total: found.total, one: "Newsroom", many: "Newsrooms" }}
      />
      {found.rows.length ? <CompanyTable rows={found.rows} /> : <p className="empty">Kein Newsroom passt zu dieser Suche.</p>}
      <ListPager
        page={query.page}
        pageCount={found.pageCount}
        href={(page) => listHref("/admin/companies", { q: query.q }, page)}
        label="Seiten der Newsroom-Liste"
      />
    </>
  );
}
