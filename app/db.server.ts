// The app's single database handle and Prisma client, opened and migrated once per process.
import path from "node:path";
import { PrismaClient } from "~/generated/prisma/client";
import { openDatabase, type Database } from "~/db/connection.server";
import { loadMigrations, migrate, type MigrateResult } from "~/db/migrate.server";
import { appEnv } from "~/env.server";

interface Handle {
  database: Database;
  prisma: PrismaClient;
  migrated: MigrateResult;
}

// Kept on globalThis so that Vite's dev reloads reuse one connection (PGlite allows one per folder).
const store = globalThis as { __svcDb?: Promise<Handle> };

async function open(): Promise<Handle> {
  const env = appEnv();
  const database = await openDatabase(env);
  try {
    const migrated = await migrate(database.sql, await loadMigrations(path.resolve("prisma/migrations")));
    const prisma = new PrismaClient({ adapter: database.adapter });
    return { database, prisma, migrated };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** Opens (first call) and migrates the database; later calls share the same handle. */
export function connect(): Promise<Handle> {
  store.__svcDb ??= open().catch((error: unknown) => {
    store.__svcDb = undefined;
    throw error;
  });
  return store.__svcDb;
}

export async function prisma(): Promise<PrismaClient> {
  return (await connect()).prisma;
}

export async function disconnect(): Promise<void> {
  const handle = store.__svcDb;
  store.__svcDb = undefined;
  if (!handle) return;
  const { prisma: client, database } = await handle;
  await client.$disconnect();
  await database.close();
}
