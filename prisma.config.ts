import { defineConfig } from "prisma/config";

// The CLI reads this; the app builds its connection in lib/core/db/client.ts.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:54329/postgres" },
});
