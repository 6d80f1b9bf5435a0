#!/usr/bin/env node
// Named by PRISMA_SCHEMA_ENGINE_BINARY so the Prisma CLI skips its download (offline); `prisma generate`
// never runs it. Anything that does run it is a command the project does another way.
console.error(
  "svc: Prisma's native schema engine is not installed (these machines are offline).\n" +
    "  apply migrations:   the app applies them at start, or `npm run db:migrate`\n" +
    "  write a migration:  `npm run db:migration -- <name>`   (see docs/database.md)",
);
process.exit(1);
