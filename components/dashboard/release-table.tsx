import Link from "next/link";
import { Table } from "@/components/ui/table";
import { formatBerlin } from "@/lib/core/time/berlin-time";
import type { DashboardReleaseItem } from "@/lib/adapters/dashboard/list-releases";
import { SITE_NAMES } from "@/lib/domains/sites";
import { StatusBadge } from "./status-badge";

/** The customer's releases with status, place and the date that matters for the status. */
export function ReleaseTable({ items }: { items: DashboardReleaseItem[] }) {
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Titel</th>
          <th scope="col">Status</th>
          <th scope="col">Newsroom</th>
          <th scope="col">Portal</th>
          <th scope="col">Datum</th>
        </tr>
      </thead>
      <tbody>
        {items.map((r) => (
          <tr key={r.id}>
            <td>
              <Link href={`/dashboard/releases/${r.id}`}>{r.title}</Link>
            </td>
            <td>
              <StatusBadge status={r.status} />
              {r.goneAt ? <span className="meta"> (entfernt)</span> : null}
            </td>
            <td>{r.company.name}</td>
            <td>
              {SITE_NAMES[r.portal]} · {r.language.toUpperCase()}
            </td>
            <td className="meta">
              {r.status === "published"
                ? formatBerlin(r.publishedAt)
                : r.status === "scheduled"
                  ? formatBerlin(r.scheduledAt)
                  : formatBerlin(r.updatedAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
