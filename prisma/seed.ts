// npm run db:seed: the demo content of the embedded default, on any configured database.
import { disconnectPrisma } from "@/lib/db/client";
import { withDatabaseForCommand } from "@/lib/db/embedded-session";
import { seedDemoContent } from "./seed-demo";

withDatabaseForCommand(() => seedDemoContent())
  .then(async () => {
    await disconnectPrisma();
    console.log("demo content is in place");
  })
  .catch(async (err) => {
    console.error(err instanceof Error ? err.message : err);
    await disconnectPrisma().catch(() => {});
    process.exit(1);
  });
