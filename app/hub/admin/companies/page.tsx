import type { Metadata } from "next";
import { CompanyTable } from "@/components/admin/company-tables";
import { AdminListSearch } from "@/components/admin/company-user-search";
import { ListPager } from "@/components/admin/release-pager";
import { parseAdminCompanyQuery, searchAdminCompanies } from "@/lib/admin/company-search";
import { listHref, type SearchParams } from "@/lib/admin/list-query";
import { ADMIN_SCREENS } from "@/lib/admin/screens";
import { requireAdmin } from "@/lib/auth/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Newsrooms" };

export default async function AdminCompaniesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin(ADMIN_SCREENS.companies.permission);
  const query = parseAdminCompanyQuery(await searchParams);
  const found = await searchAdminCompanies(query);
  return (
    <>
      <div className="page-head">
        <h1>Newsrooms</h1>
      </div>
      <p>Alle Newsrooms beider Portale, auch inaktive, entfernte und zusammengeführte.</p>
      <AdminListSearch path="/admin/companies" id="companies-q" q={query.q} label="Name, Slug, Firmen-E-Mail oder Nummer" found={{ total: found.total, one: "Newsroom", many: "Newsrooms" }} />
      {found.rows.length ? <CompanyTable rows={found.rows} /> : <p className="empty">Kein Newsroom passt zu dieser Suche.</p>}
      <ListPager page={query.page} pageCount={found.pageCount} href={(page) => listHref("/admin/companies", { q: query.q }, page)} label="Seiten der Newsroom-Liste" />
    </>
  );
}
