// Prisma CLI configuration: where the schema and committed migrations live. The app itself connects
// through driver adapters (app/db.server.ts), so no URL is needed here for `prisma generate`.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
