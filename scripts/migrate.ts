// npm run db:migrate            apply pending migrations to the configured database
// npm run db:migration:create -- NAME   write a migration from the schema change since the last one
import { databaseUrl } from "@/lib/core/db/client";
import { applyMigrations, createMigration } from "@/lib/core/db/migrations/migrations";
import { withDatabaseForCommand } from "@/lib/core/db/embedded-session";

async function main() {
  const [command, name] = process.argv.slice(2);
  if (command === "create") {
    if (!name) throw new Error("usage: npm run db:migration:create -- <name>");
    const folder = await withDatabaseForCommand(() => createMigration(name, databaseUrl()));
    console.log(folder ? `created prisma/migrations/${folder}` : "schema unchanged: no migration written");
    return;
  }
  if (command !== "apply") throw new Error(`unknown command "${command}" (apply|create)`);
  await withDatabaseForCommand(async () => {
    const applied = await applyMigrations(databaseUrl());
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
