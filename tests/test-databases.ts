import pg from "pg";

// Test databases: one migrated template per run, one throwaway copy per test file, so files
// run in parallel against a real PostgreSQL without seeing each other's rows.
export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(ADMIN_URL);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(name: string, template?: string): Promise<string> {
  // Copies of one template made at the same moment can see each other's short-lived access.
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdmin((c) => c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
      return databaseUrl(name);
    } catch (err) {
      if (attempt >= 20 || !String(err).includes("being accessed by other users")) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

export async function dropDatabasesWithPrefix(prefix: string): Promise<void> {
  await withAdmin(async (c) => {
    const { rows } = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${prefix}%`]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
