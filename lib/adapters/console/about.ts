import { getConfig } from "@/lib/core/config";
import { checkHealth } from "@/lib/adapters/operations/health";
import { defineCommand } from "./registry";

export const about = defineCommand({
  usage: "about",
  description: "Print the application version, the runtime it is configured for and the health checks.",
  help: ["The health checks are those of GET /health; a failing check is shown, not an error of the command (exit 0)."],
  async run(_args, io) {
    const { app, database, redis, jobs, mail } = getConfig();
    io.out(`Pressdesk ${app.version}`);
    io.out(`  version     ${app.version} (from ${app.versionSource})`);
    io.out(`  mode        ${app.mode}`);
    io.out(`  node        ${process.version}`);
    io.out(`  database    ${database.url ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite on port ${database.embeddedPort}`}`);
    io.out(`  cache       ${redis.url ? "Redis (REDIS_URL)" : "in-memory"}`);
    io.out(`  jobs        ${jobs.inngestEventKey ? "Inngest" : "local queue"}`);
    io.out(`  mail        ${mail.resendApiKey ? "Resend" : "local mailbox (hub /dev/mailbox)"}`);
    const report = await checkHealth();
    io.out(`Health: ${report.status}`);
    for (const [name, check] of Object.entries(report.checks)) {
      io.out(`  ${name.padEnd(11)} ${check.status.padEnd(5)} ${String(check.latencyMs).padStart(5)} ms  ${check.detail ?? ""}`.trimEnd());
    }
    return 0;
  },
});
