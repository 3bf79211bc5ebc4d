// npm run db:seed: the demo content of the embedded default. On a configured database only with
// `-- --demo`, and only one on this machine (prisma/seed-demo.ts, assertDemoSeedAllowed).
import { disconnectPrisma } from "@/lib/db/client";
import { withDatabaseForCommand } from "@/lib/db/embedded-session";
import { seedDemoContent } from "./seed-demo";

const allowOnConfiguredDatabase = process.argv.includes("--demo");

withDatabaseForCommand(() => seedDemoContent({ allowOnConfiguredDatabase }))
  .then(async () => {
    await disconnectPrisma();
    console.log("demo content is in place");
  })
  .catch(async (err) => {
    console.error(err instanceof Error ? err.message : err);
    await disconnectPrisma().catch(() => {});
    process.exit(1);
  });
