// npm run db:migrate: applies committed migrations to DATABASE_URL (or the embedded database) and exits.
// The server does the same at every start; this is for deploy pipelines that migrate before rolling out.
import path from "node:path";
import { openDatabase } from "~/db/connection.server";
import { loadMigrations, migrate } from "~/db/migrate.server";
import { readEnv } from "~/env.server";

const env = readEnv();
const database = await openDatabase(env);
try {
  const result = await migrate(database.sql, await loadMigrations(path.resolve("prisma/migrations")));
  console.log(
    `${database.location}: applied ${result.applied.length} migration(s)` +
      (result.applied.length ? `: ${result.applied.join(", ")}` : "") +
      `; ${result.alreadyApplied} already applied`,
  );
} finally {
  await database.close();
}
