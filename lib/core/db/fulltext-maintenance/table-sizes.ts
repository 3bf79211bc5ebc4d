import type { DbOrTx } from "@/lib/core/db/client";

export interface TableSizes {
  /** Heap, indexes and TOAST: pg_total_relation_size. */
  totalBytes: number;
  heapBytes: number;
  ginIndexes: { name: string; bytes: number }[];
}

/** What a sweep prints before and after: the table as a whole and each full-text (GIN) index. */
export async function readTableSizes(client: DbOrTx, table: string): Promise<TableSizes> {
  const [size] = await client.$queryRaw<{ total: number; heap: number }[]>`
    SELECT pg_total_relation_size(${table}::regclass)::float8 AS total, pg_relation_size(${table}::regclass)::float8 AS heap`;
  const ginIndexes = await client.$queryRaw<{ name: string; bytes: number }[]>`
    SELECT c.relname AS name, pg_relation_size(c.oid)::float8 AS bytes
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
    WHERE i.indrelid = ${table}::regclass AND am.amname = 'gin' ORDER BY c.relname`;
  return { totalBytes: size!.total, heapBytes: size!.heap, ginIndexes };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[u]}`;
}
