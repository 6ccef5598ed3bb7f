import { defineConfig } from "prisma/config";

// The datasource URL lives here (Prisma 7). Queries go through driver adapters (lib/db),
// so this is only read by CLI commands on a connected machine.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL?.startsWith("postgres")
      ? process.env.DATABASE_URL
      : "postgresql://localhost/unused",
  },
});
