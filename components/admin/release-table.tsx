import Link from "next/link";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import type { AdminReleaseRow } from "@/lib/adapters/admin/release-search";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import { PORTAL_LABEL } from "./release-labels";

/** A tombstone on the release or its newsroom: the public address answers 410. */
export function GoneBadge({ at }: { at: Date | null }) {
  // badge-gone: the browser tests find the tombstone by it.
  return at ? (
    <Badge tone="danger" className="badge-gone">
      Entfernt
    </Badge>
  ) : null;
}

/** The search results of /admin/releases, in the search's order. */
export function ReleaseTable({ rows }: { rows: AdminReleaseRow[] }) {
  return (
    <Table caption="Gefundene Pressemitteilungen" compact>
      <thead>
        <tr>
          <th scope="col">Nr.</th>
          <th scope="col">Titel</th>
          <th scope="col">Newsroom</th>
          <th scope="col">Portal</th>
          <th scope="col">Status</th>
          <th scope="col">Veröffentlicht</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td className="meta">{r.id}</td>
            <td>
              <Link href={`/admin/releases/${r.id}`}>{r.title}</Link>
            </td>
            <td>
              <Link href={`/admin/companies/${r.company.id}`}>{r.company.name}</Link>
              {r.company.goneAt ? <span className="meta"> (entfernt)</span> : null}
            </td>
            <td>
              {PORTAL_LABEL[r.portal]} <span className="meta">{r.language.toUpperCase()}</span>
            </td>
            <td>
              <span className="admin-badges">
                <StatusBadge status={r.status} />
                <GoneBadge at={r.goneAt} />
              </span>
            </td>
            <td className="meta">{r.publishedAt ? formatBerlin(r.publishedAt) : `angelegt ${formatBerlin(r.createdAt)}`}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
