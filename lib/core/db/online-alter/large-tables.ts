import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/core/errors/errors";

/**
 * The large full-text tables the emergency path may rebuild (docs/operations.md, "Large full-text
 * tables: the emergency path"): the search mirror and the activity log. Any other table is refused.
 */
export const LARGE_FULLTEXT_TABLES = ["press_release_search", "activity_log"] as const;
export type LargeFulltextTable = (typeof LARGE_FULLTEXT_TABLES)[number];

export function largeTableOrThrow(name: string): LargeFulltextTable {
  const table = LARGE_FULLTEXT_TABLES.find((t) => t === name);
  if (!table)
    throw new AppError(
      "validation_failed",
      `"${name.slice(0, 80)}" is not one of the large full-text tables (${LARGE_FULLTEXT_TABLES.join(", ")}).`,
    );
  return table;
}

/** A name from the catalog or the allow-list as an SQL identifier; anything unusual is refused. */
export function ident(name: string): Prisma.Sql {
  if (!/^[A-Za-z0-9_]{1,63}$/.test(name)) throw new Error(`unexpected identifier ${JSON.stringify(name)}`);
  return Prisma.raw(`"${name}"`);
}

/** The shadow a run builds beside the table; one at a time per table. */
export const shadowName = (table: LargeFulltextTable) => `${table}_shadow`;
/** The trigger on the table and its function that mirror writes into the shadow during the copy. */
export const mirrorTriggerName = (table: LargeFulltextTable) => `${table}_online_alter_mirror`;
export const mirrorFunctionName = (table: LargeFulltextTable) => `online_alter_mirror_${table}`;
/** The table before the swap, kept as the way back until `--drop-old`. */
export const oldTableName = (table: LargeFulltextTable, stamp: string) => `${table}_old_${stamp}`;
export const OLD_TABLE_PATTERN = (table: LargeFulltextTable) => new RegExp(`^${table}_old_\\d{14}$`);

/** UTC yyyymmddhhmmss: sorts like time, fits into names. */
export const stampOf = (at: Date) => at.toISOString().replace(/\D/g, "").slice(0, 14);
