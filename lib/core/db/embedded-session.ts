import { createConnection } from "node:net";
import { getConfig } from "@/lib/core/config";
import { disconnectPrisma } from "./client";
import { startEmbeddedDatabase } from "./embedded-server";
import { applyMigrations } from "./migrations/migrations";

function isListening(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/**
 * Runs a console command against the configured database. On the embedded default the PGlite
 * server is started for the command's duration unless the running service already serves it
 * (PGlite's files must have one owner at a time). Pending migrations are applied first, so a
 * command works on a data directory the service never opened.
 */
export async function withDatabaseForCommand<T>(fn: () => Promise<T>): Promise<T> {
  const { app, database } = getConfig();
  if (app.mode !== "embedded" || (await isListening(database.embeddedPort))) return fn();
  const embedded = await startEmbeddedDatabase({ dataDir: database.embeddedDataDir, port: database.embeddedPort });
  try {
    await applyMigrations(embedded.url);
    return await fn();
  } finally {
    await disconnectPrisma();
    await embedded.stop();
  }
}
