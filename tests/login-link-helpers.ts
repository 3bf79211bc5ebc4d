import { db } from "@/lib/core/db/client";

// Shared by the login-link and e-mail-change integration tests.

/** Mails queued to one address, oldest first. */
export const mailsTo = (to: string) => db.mailOutbox.findMany({ where: { to }, orderBy: { id: "asc" } });

/** The token in a link of the given path inside a mail body. */
export function tokenIn(body: string, path: string): string {
  const match = new RegExp(`${path.replace(/\//g, "\\/")}/([A-Za-z0-9_-]{43})`).exec(body);
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return match[1];
}

/**
 * Every row of the tables that could hold a token, as JSON text, so a test can prove that a
 * raw token appears nowhere it should not.
 */
export async function storedRows(): Promise<{ table: string; id: string; json: string }[]> {
  type Row = { id: string; json: string };
  const tables: [string, Row[]][] = [
    ["magic_links", await db.$queryRaw<Row[]>`SELECT t.id::text AS id, row_to_json(t)::text AS json FROM magic_links t`],
    ["users", await db.$queryRaw<Row[]>`SELECT t.id::text AS id, row_to_json(t)::text AS json FROM users t`],
    ["mail_outbox", await db.$queryRaw<Row[]>`SELECT t.id::text AS id, row_to_json(t)::text AS json FROM mail_outbox t`],
    ["activity_log", await db.$queryRaw<Row[]>`SELECT t.id::text AS id, row_to_json(t)::text AS json FROM activity_log t`],
    ["conversion_events", await db.$queryRaw<Row[]>`SELECT t.id::text AS id, row_to_json(t)::text AS json FROM conversion_events t`],
  ];
  return tables.flatMap(([table, rows]) => rows.map((r) => ({ table, ...r })));
}
