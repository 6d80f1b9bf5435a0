// Writes prisma/migrations/<timestamp>_<name>/migration.sql from the difference between the committed
// migrations and prisma/schema.prisma, offline (Prisma's wasm schema engine on an in-memory PGlite).
// Usage: npm run db:migration -- <name>
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { migrationsDir, openEngine, pendingSchemaSql } from "./schema-engine.mjs";

const name = (process.argv[2] ?? "").toLowerCase().replace(/[^a-z0-9_]+/g, "_").replace(/^_+|_+$/g, "");
if (!name) {
  console.error("usage: npm run db:migration -- <name>   (for example: add_goal_selector)");
  process.exit(2);
}

const { engine, pglite } = await openEngine();
try {
  const sql = await pendingSchemaSql(engine);
  if (!sql.trim()) {
    console.log("prisma/schema.prisma matches the committed migrations: nothing to write.");
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(migrationsDir, `${stamp}_${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "migration.sql"), sql);
    console.log(`wrote ${path.relative(process.cwd(), path.join(dir, "migration.sql"))}`);
  }
} finally {
  engine.free();
  await pglite.close();
}
