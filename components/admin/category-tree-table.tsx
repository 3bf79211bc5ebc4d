import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import type { CategoryNode } from "@/lib/domains/categories/category-tree";

function rowsOf(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...rowsOf(n.children)]);
}

const described = (text: string | null) => (text?.trim() ? "vorhanden" : <Badge>fehlt</Badge>);

/** One portal's category tree as a table: subcategories indented under their parent. */
export function CategoryTreeTable({ roots, caption }: { roots: CategoryNode[]; caption: string }) {
  const rows = rowsOf(roots);
  if (!rows.length) return <p className="empty">Dieses Portal hat keine Kategorien.</p>;
  return (
    <Table caption={caption} compact>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Englisch</th>
          <th scope="col">Slug</th>
          <th scope="col">Übergeordnet</th>
          <th scope="col">Beschreibung DE</th>
          <th scope="col">Beschreibung EN</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id}>
            <td style={{ paddingLeft: `${0.5 + c.depth * 1.5}rem` }}>
              {c.depth ? <span aria-hidden="true">└ </span> : null}
              <Link href={`/admin/categories/${c.id}`}>{c.nameDe}</Link>
              {c.children.length ? (
                <span className="meta"> ({c.children.length === 1 ? "1 Unterkategorie" : `${c.children.length} Unterkategorien`})</span>
              ) : null}
            </td>
            <td>{c.nameEn}</td>
            <td>
              <code>{c.slug}</code>
            </td>
            <td>{c.parent ? c.parent.nameDe : <span className="meta">–</span>}</td>
            <td>{described(c.descriptionDe)}</td>
            <td>{described(c.descriptionEn)}</td>
            <td>{c.isActive ? <Badge tone="success">Aktiv</Badge> : <Badge>Inaktiv</Badge>}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
