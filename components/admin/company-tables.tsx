import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import type { AdminCompanyDetail } from "@/lib/adapters/admin/company-detail";
import type { AdminCompanyRow } from "@/lib/adapters/admin/company-search";
import { GRANTED_VIA_LABEL, ROLE_LABEL } from "@/lib/domains/companies/team/role-descriptions";
import { formatBerlin, formatBerlinDay } from "@/lib/core/time/berlin-time";
import { PORTAL_LABEL } from "./release-labels";

/** Where a newsroom stands: removed (410), merged away, inactive, or nothing to say. */
export function CompanyStateBadges({
  company,
}: {
  company: { isActive: boolean; goneAt: Date | null; mergedIntoCompanyId?: number | null; mergedInto?: { id: number } | null };
}) {
  const merged = company.mergedIntoCompanyId ?? company.mergedInto?.id ?? null;
  return (
    <>
      {company.goneAt ? (
        <Badge tone="danger" className="badge-gone">
          Entfernt
        </Badge>
      ) : null}
      {merged ? <Badge>Zusammengeführt</Badge> : null}
      {!company.isActive && !company.goneAt && !merged ? <Badge>Inaktiv</Badge> : null}
    </>
  );
}

/** The search results of /admin/companies. */
export function CompanyTable({ rows }: { rows: AdminCompanyRow[] }) {
  return (
    <Table caption="Gefundene Newsrooms" compact>
      <thead>
        <tr>
          <th scope="col">Nr.</th>
          <th scope="col">Name</th>
          <th scope="col">Slug</th>
          <th scope="col">Portal</th>
          <th scope="col">E-Mail</th>
          <th scope="col">Mitglieder</th>
          <th scope="col">Angelegt</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id}>
            <td className="meta">{c.id}</td>
            <td>
              <Link href={`/admin/companies/${c.id}`}>{c.name}</Link>{" "}
              <span className="admin-badges">
                <CompanyStateBadges company={c} />
              </span>
            </td>
            <td>
              <code>{c.slug}</code>
            </td>
            <td>{PORTAL_LABEL[c.portal]}</td>
            <td>{c.email ?? <span className="meta">–</span>}</td>
            <td>{c._count.members}</td>
            <td className="meta">{formatBerlinDay(c.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** company_user of one newsroom: each person with role and how the right was granted. */
export function CompanyMemberTable({ members }: { members: AdminCompanyDetail["members"] }) {
  if (!members.length) return <p className="empty">Dieser Newsroom hat keine Mitglieder.</p>;
  return (
    <Table caption="Mitglieder des Newsrooms" compact>
      <thead>
        <tr>
          <th scope="col">Person</th>
          <th scope="col">E-Mail</th>
          <th scope="col">Rolle</th>
          <th scope="col">Vergeben</th>
          <th scope="col">Seit</th>
        </tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <tr key={m.id}>
            <td>
              <Link href={`/admin/users/${m.user.id}`}>{m.user.name}</Link>
              {!m.user.isActive || m.user.deletedAt ? <span className="meta"> (Konto gesperrt)</span> : null}
            </td>
            <td>{m.user.email}</td>
            <td>{ROLE_LABEL[m.role]}</td>
            <td>{GRANTED_VIA_LABEL[m.grantedVia]}</td>
            <td className="meta">{formatBerlin(m.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
