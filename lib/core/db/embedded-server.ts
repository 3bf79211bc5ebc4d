import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * The embedded default: a PGlite database persisted under the data directory, served over TCP
 * so `pg`, Prisma's adapter and the schema engine connect to it exactly as to a server.
 * Its connections share one backend, so every client must use a pool of one.
 */
export async function startEmbeddedDatabase(opts: { dataDir: string; port: number; host?: string }): Promise<EmbeddedDatabase> {
  const host = opts.host ?? "127.0.0.1";
  const dir = join(opts.dataDir, "pglite");
  await mkdir(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir });
  // Several processes (migrations, seed, the app) may hold a connection at once.
  const server = new PGLiteSocketServer({ db, port: opts.port, host, maxConnections: 16 });
  await server.start();
  return {
    url: `postgresql://postgres:postgres@${host}:${opts.port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
