import pg from "pg";

// A database's schema as comparable text: tables, columns, constraints, indexes, enums,
// triggers and functions of the public schema, without the migration bookkeeping table.
const QUERIES = {
  columns: `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, is_generated,
              generation_expression, character_maximum_length, numeric_precision, datetime_precision
            FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
            ORDER BY table_name, column_name`,
  constraints: `SELECT conrelid::regclass::text AS tbl, conname, contype, pg_get_constraintdef(oid) AS def
                FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations'
                ORDER BY 1, 2`,
  indexes: `SELECT tablename, indexname, indexdef FROM pg_indexes
            WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1, 2`,
  enums: `SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
          WHERE t.typnamespace = 'public'::regnamespace ORDER BY 1, 3`,
  triggers: `SELECT tgrelid::regclass::text AS tbl, tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger
             WHERE NOT tgisinternal ORDER BY 1, 2`,
  functions: `SELECT proname, prosrc FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1`,
} as const;

export type Catalog = Record<keyof typeof QUERIES, Record<string, unknown>[]>;

export async function readCatalog(url: string): Promise<Catalog> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const out = {} as Catalog;
    for (const [name, sql] of Object.entries(QUERIES) as [keyof typeof QUERIES, string][]) {
      out[name] = (await client.query(sql)).rows;
    }
    return out;
  } finally {
    await client.end();
  }
}

export async function runScript(url: string, sql: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
