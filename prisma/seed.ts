// npm run db:seed: the portals' categories; the demo content on the embedded default, and on a
// configured database only with `-- --demo` and only one on this machine (prisma/seed-demo.ts).
import { disconnectPrisma } from "@/lib/core/db/client";
import { withDatabaseForCommand } from "@/lib/core/db/embedded-session";
import { seedForCommand } from "./seed-demo";

withDatabaseForCommand(() => seedForCommand({ demo: process.argv.includes("--demo") }))
  .then(async (seeded) => {
    await disconnectPrisma();
    console.log(
      seeded === "demo"
        ? "categories and demo content are in place"
        : "categories are in place (demo accounts only with --demo, on a local database)",
    );
  })
  .catch(async (err) => {
    console.error(err instanceof Error ? err.message : err);
    await disconnectPrisma().catch(() => {});
    process.exit(1);
  });
