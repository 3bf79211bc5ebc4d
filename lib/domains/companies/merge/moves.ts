import type { Tx } from "@/lib/core/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

// The primitives of a merge and its replay. Every change a merge makes is one row of
// company_merge_moves (table, column, row id, old and new value as the database's own text), so
// an unmerge can put each value back and tell which ones were changed since.

/**
 * The columns a merge may change, with the SQL type a recorded text is cast back to. Table and
 * column names in the statements below come only from this list, never from data.
 */
const MOVABLE = {
  press_releases: { company_id: "int4" },
  contacts: { company_id: "int4", is_default: "bool" },
  company_user: { company_id: "int4", role: '"CompanyRole"', granted_via: '"GrantedVia"' },
  company_invitations: { company_id: "int4", revoked_at: "timestamptz" },
  boosts: { company_id: "int4" },
  company_slug_redirects: { company_id: "int4" },
  company_auto_grant_blocks: { company_id: "int4" },
  companies: {
    credits: "int4",
    portal: '"CompanyPortal"',
    merged_into_company_id: "int4",
    is_active: "bool",
    email: "text",
    description: "text",
    description_en: "text",
    website: "text",
    address_street: "text",
    address_postal_code: "text",
    address_city: "text",
    address_country: "text",
    logo_path: "text",
  },
} as const;

export type MovableTable = keyof typeof MOVABLE;
export type MovableColumn<T extends MovableTable> = keyof (typeof MOVABLE)[T] & string;

/** column_name of a company_user row the merge removed; old_value holds the whole row as JSON. */
export const ROW_REMOVED = "*";

export interface Move {
  tableName: string;
  columnName: string;
  rowId: string;
  oldValue: string | null;
  newValue: string | null;
  mergedValue: string | null;
}

function sqlOf<T extends MovableTable>(table: T, column: MovableColumn<T>) {
  const type = (MOVABLE[table] as Record<string, string>)[column];
  if (!type) throw new Error(`${table}.${column} is not movable`);
  return { t: Prisma.raw(`"${table}"`), c: Prisma.raw(`"${column}"`), type: Prisma.raw(type) };
}

export function isMovable(table: string, column: string): table is MovableTable {
  return Object.hasOwn(MOVABLE, table) && Object.hasOwn(MOVABLE[table as MovableTable], column);
}

/** Sets one column of one row; old and new value as text, or null when the row is not there. */
export async function writeColumn<T extends MovableTable>(
  tx: Tx,
  table: T,
  column: MovableColumn<T>,
  rowId: number,
  value: string | null,
): Promise<{ oldValue: string | null; newValue: string | null } | null> {
  const { t, c, type } = sqlOf(table, column);
  const before = await tx.$queryRaw<{ v: string | null }[]>`SELECT ${c}::text AS v FROM ${t} WHERE id = ${rowId} FOR UPDATE`;
  if (!before.length) return null;
  const after = await tx.$queryRaw<
    { v: string | null }[]
  >`UPDATE ${t} SET ${c} = CAST(${value}::text AS ${type}) WHERE id = ${rowId} RETURNING ${c}::text AS v`;
  return { oldValue: before[0]!.v, newValue: after[0]!.v };
}

/** Whether the column still holds `value`, compared as its type; null when the row is gone. */
export async function stillHolds<T extends MovableTable>(
  tx: Tx,
  table: T,
  column: MovableColumn<T>,
  rowId: number,
  value: string | null,
): Promise<boolean | null> {
  const { t, c, type } = sqlOf(table, column);
  const rows = await tx.$queryRaw<
    { same: boolean }[]
  >`SELECT (${c} IS NOT DISTINCT FROM CAST(${value}::text AS ${type})) AS same FROM ${t} WHERE id = ${rowId} FOR UPDATE`;
  return rows.length ? rows[0]!.same : null;
}

/** The moves of one merge as they happen; saved in one statement at the end. */
export class MoveLog {
  readonly moves: Move[] = [];

  /** Sets a column and records the move (nothing when the value was already that). */
  async set<T extends MovableTable>(
    tx: Tx,
    table: T,
    column: MovableColumn<T>,
    rowId: number,
    value: string | null,
    opts: { fillIn?: boolean } = {},
  ): Promise<void> {
    const written = await writeColumn(tx, table, column, rowId, value);
    if (!written) throw new Error(`${table} ${rowId} vanished under its lock`);
    if (written.oldValue === written.newValue) return;
    this.moves.push({
      tableName: table,
      columnName: column,
      rowId: String(rowId),
      ...written,
      mergedValue: opts.fillIn ? written.newValue : null,
    });
  }

  /**
   * Moves rows to another company in one statement: `company_id` from `from` to `to` for the
   * rows named (rows that moved elsewhere meanwhile are left alone). Returns the moved ids.
   */
  async moveRows(tx: Tx, table: Exclude<MovableTable, "companies">, ids: number[], from: number, to: number): Promise<number[]> {
    if (!ids.length) return [];
    const t = Prisma.raw(`"${table}"`);
    // No updated_at: a merge changes whose rows they are, not their content (spec 2.3).
    const rows = await tx.$queryRaw<
      { id: number }[]
    >`UPDATE ${t} SET company_id = ${to} WHERE id = ANY(${ids}) AND company_id = ${from} RETURNING id`;
    const moved = rows.map((r) => r.id).sort((a, b) => a - b);
    for (const id of moved)
      this.moves.push({
        tableName: table,
        columnName: "company_id",
        rowId: String(id),
        oldValue: String(from),
        newValue: String(to),
        mergedValue: null,
      });
    return moved;
  }

  /** Deletes a membership row, keeping all of it in the move so the unmerge can put it back. */
  async removeMembership(tx: Tx, id: number): Promise<void> {
    const rows = await tx.$queryRaw<{ row: string }[]>`DELETE FROM company_user cu WHERE cu.id = ${id} RETURNING to_jsonb(cu)::text AS row`;
    if (!rows.length) throw new Error(`company_user ${id} vanished under its lock`);
    this.moves.push({
      tableName: "company_user",
      columnName: ROW_REMOVED,
      rowId: String(id),
      oldValue: rows[0]!.row,
      newValue: null,
      mergedValue: null,
    });
  }

  async save(tx: Tx, mergeId: string): Promise<void> {
    if (this.moves.length) await tx.companyMergeMove.createMany({ data: this.moves.map((m) => ({ mergeId, ...m })) });
  }
}

/**
 * Puts a removed membership back exactly as it was (same id, role, grant and times). Not when
 * its person is gone or holds a row in that newsroom again: false, and the caller reports it.
 */
export async function restoreMembership(tx: Tx, rowJson: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO company_user
    SELECT r.* FROM jsonb_populate_record(NULL::company_user, ${rowJson}::jsonb) r
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id) AND EXISTS (SELECT 1 FROM companies c WHERE c.id = r.company_id)
    ON CONFLICT DO NOTHING
    RETURNING id`;
  return rows.length === 1;
}
