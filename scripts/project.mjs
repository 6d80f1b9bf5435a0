// Set-up steps shared by npm start, npm test and npm run build: install, generate, build when stale.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
const log = (line) => console.log(`[setup] ${line}`);

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
  }
}

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const info = statSync(p);
    if (info.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry === "node_modules" || entry === "dist" || entry === "generated") continue;
        visit(path.join(p, entry));
      }
    } else newest = Math.max(newest, info.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

/** npm install when node_modules is missing or older than the lock file. */
export function ensurePackages() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // Not `npm ci`: npm 11 writes lock files that leave out other platforms' optional packages (rollup's
  // native builds) and then refuses them in `npm ci`; `npm install` installs the same locked versions.
  log("npm install");
  run("npm", ["install", "--no-audit", "--no-fund"]);
  // npm may rewrite the lock file after its marker; mark the install as newer than both.
  const now = new Date();
  utimesSync(marker, now, now);
}

/**
 * prisma generate, offline: the Prisma CLI downloads a native schema engine before any command unless
 * PRISMA_SCHEMA_ENGINE_BINARY names one; generate never runs it, so we name a stub that explains itself.
 */
export function ensurePrismaClient() {
  const out = path.join(root, "app", "generated", "prisma", "client.ts");
  const schema = path.join(root, "prisma", "schema.prisma");
  if (existsSync(out) && statSync(out).mtimeMs >= statSync(schema).mtimeMs) return;
  log("prisma generate");
  const stub = path.join(root, "scripts", "schema-engine-stub.mjs");
  chmodSync(stub, 0o755);
  run("npx", ["prisma", "generate"], { env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: stub } });
}

const BUILD_INPUTS = ["app", "snippet", "prisma", "scripts/server.ts", "vite.config.ts", "package-lock.json"];
const STAMP = path.join(root, "build", ".inputs-mtime");

export function buildIsStale() {
  if (!existsSync(STAMP) || !existsSync(path.join(root, "build", "server.js"))) return true;
  return Number(readFileSync(STAMP, "utf8")) < newestMtime(BUILD_INPUTS);
}

/** The snippet, the Remix app and the Node server, into build/ and snippet/dist/. */
export function build() {
  const inputsMtime = newestMtime(BUILD_INPUTS);
  if (existsSync(path.join(root, "snippet", "build.mjs"))) {
    log("snippet build");
    run("node", ["snippet/build.mjs"]);
  }
  log("head helper build");
  run("node", ["snippet/head/build.mjs"]);
  log("visual editor build");
  run("node", ["snippet/editor/build.mjs"]);
  log("remix vite:build");
  run("npx", ["remix", "vite:build", "--logLevel", "warn"]);
  log("server bundle");
  run("npx", [
    "esbuild", "scripts/server.ts", "--bundle", "--platform=node", "--format=esm", "--packages=external",
    "--target=node20", "--log-level=warning", "--outfile=build/server.js",
  ]);
  writeFileSync(STAMP, String(inputsMtime));
}

export function ensureBuilt() {
  if (buildIsStale()) build();
  else log("build is up to date");
}
