import { db, type DbOrTx } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/errors";
import { isRecordId } from "@/lib/core/input/ids";
import { PORTALS, type Portal } from "@/lib/domains/sites";

// The portals' category trees as the admin area and the description seeding read them: every
// category (inactive ones too), its parent and its children, in the portal's own order.

const CATEGORY_SELECT = {
  id: true,
  portal: true,
  slug: true,
  parentId: true,
  nameDe: true,
  nameEn: true,
  descriptionDe: true,
  descriptionEn: true,
  isActive: true,
  position: true,
  updatedAt: true,
} as const;

export interface CategoryRow {
  id: number;
  portal: Portal;
  slug: string;
  parentId: number | null;
  nameDe: string;
  nameEn: string;
  descriptionDe: string | null;
  descriptionEn: string | null;
  isActive: boolean;
  position: number;
  updatedAt: Date;
}

export interface CategoryNode extends CategoryRow {
  /** 0 for a top-level category. */
  depth: number;
  parent: CategoryRow | null;
  children: CategoryNode[];
}

/** Every category of every portal, as trees in position order; a portal with none gets an empty list. */
export async function listCategoryTrees(client: DbOrTx = db): Promise<Record<Portal, CategoryNode[]>> {
  const rows: CategoryRow[] = await client.category.findMany({
    orderBy: [{ portal: "asc" }, { position: "asc" }, { id: "asc" }],
    select: CATEGORY_SELECT,
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const childrenOf = new Map<number | null, CategoryRow[]>();
  for (const r of rows) {
    // A parent on another portal (or missing) would be a broken row: it is shown at the top.
    const parent = r.parentId !== null && byId.get(r.parentId)?.portal === r.portal ? r.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), r]);
  }
  const build = (row: CategoryRow, depth: number, seen: Set<number>): CategoryNode => {
    seen.add(row.id);
    const parent = row.parentId !== null ? (byId.get(row.parentId) ?? null) : null;
    // `seen` guards against a cycle in parent_id: each row is placed once.
    const children = (childrenOf.get(row.id) ?? []).filter((c) => !seen.has(c.id)).map((c) => build(c, depth + 1, seen));
    return { ...row, depth, parent, children };
  };
  const trees = Object.fromEntries(PORTALS.map((p) => [p, [] as CategoryNode[]])) as Record<Portal, CategoryNode[]>;
  const seen = new Set<number>();
  for (const root of childrenOf.get(null) ?? []) trees[root.portal].push(build(root, 0, seen));
  return trees;
}

/** Every node of the trees, parents before their children. */
export function flattenTrees(trees: Record<Portal, CategoryNode[]>): CategoryNode[] {
  const out: CategoryNode[] = [];
  const walk = (n: CategoryNode) => {
    out.push(n);
    n.children.forEach(walk);
  };
  for (const p of PORTALS) trees[p].forEach(walk);
  return out;
}

/** One category with its place in the tree, for the edit page. */
export async function loadCategoryNode(categoryId: number): Promise<CategoryNode> {
  if (!isRecordId(categoryId)) throw notFound("Category not found.");
  const node = flattenTrees(await listCategoryTrees()).find((n) => n.id === categoryId);
  if (!node) throw notFound("Category not found.");
  return node;
}
