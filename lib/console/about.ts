import { getConfig } from "@/lib/config";
import { defineCommand } from "./registry";

export const about = defineCommand({
  usage: "about",
  description: "Print the application version and the runtime it is configured for.",
  async run(_args, io) {
    const { app, database, redis, jobs, mail } = getConfig();
    io.out(`Pressdesk ${app.version}`);
    io.out(`  mode        ${app.mode}`);
    io.out(`  node        ${process.version}`);
    io.out(`  database    ${database.url ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite on port ${database.embeddedPort}`}`);
    io.out(`  cache       ${redis.url ? "Redis (REDIS_URL)" : "in-memory"}`);
    io.out(`  jobs        ${jobs.inngestEventKey ? "Inngest" : "local queue"}`);
    io.out(`  mail        ${mail.resendApiKey ? "Resend" : "local mailbox (hub /dev/mailbox)"}`);
    return 0;
  },
});
