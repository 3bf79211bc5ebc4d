// Starts the service. With no DATABASE_URL it brings up the embedded default first: PGlite
// under the data directory, migrations, demo content. Usage: tsx scripts/serve.ts dev|start
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { getConfig } from "@/lib/core/config";
import { applyMigrations } from "@/lib/core/db/migrations/migrations";
import { databaseUrl, disconnectPrisma } from "@/lib/core/db/client";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/core/db/embedded-server";
import { seedDemoContent } from "@/prisma/seed-demo";
import { SERVER_SCRIPT, serverEnv } from "./server-process";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const port = process.env.PORT ?? "3000";

function run(cmd: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: process.env });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

async function main() {
  const config = getConfig();
  let embedded: EmbeddedDatabase | undefined;
  if (config.app.mode === "embedded") {
    embedded = await startEmbeddedDatabase({ dataDir: config.database.embeddedDataDir, port: config.database.embeddedPort });
    console.log(`embedded database on ${embedded.url.replace(/:[^:@/]*@/, "@")}`);
  }
  const applied = await applyMigrations(databaseUrl());
  if (applied.length) console.log(`applied migrations: ${applied.join(", ")}`);
  if (embedded) {
    await seedDemoContent();
    await disconnectPrisma();
  }

  const next = "node_modules/.bin/next";
  if (mode === "start" && !existsSync(".next/BUILD_ID")) {
    const code = await run(next, ["build"]);
    if (code !== 0) process.exit(code);
  }
  const { hub, business, tech, protocol } = config.sites;
  console.log(`hub ${protocol}://${hub}  portals ${protocol}://${business}  ${protocol}://${tech}`);
  // Our own server in front of Next's handler: it stamps the connection's address (scripts/next-server.mjs).
  // The embedded default (demo accounts with a documented password) answers this machine only.
  const listen = embedded ? "127.0.0.1,::1" : (process.env.LISTEN_ADDRESSES ?? "0.0.0.0");
  const child = spawn(process.execPath, [SERVER_SCRIPT, mode], {
    stdio: "inherit",
    env: serverEnv({ PORT: port, LISTEN_ADDRESSES: listen }),
  });
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", async (code) => {
    await embedded?.stop();
    process.exit(code ?? 0);
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
