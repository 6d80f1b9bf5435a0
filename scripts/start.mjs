// npm start: set up what is missing, then serve the app. Without Shopify credentials it is the local demo
// on the embedded database; with SHOPIFY_API_KEY/SHOPIFY_API_SECRET set it is the real app.
import { spawn } from "node:child_process";
import { ensureBuilt, ensurePackages, ensurePrismaClient, root } from "./project.mjs";

ensurePackages();
ensurePrismaClient();
ensureBuilt();

const env = { ...process.env, NODE_ENV: "production" };
if (!env.SHOPIFY_API_KEY || !env.SHOPIFY_API_SECRET) env.SVC_DEMO = "1";

const child = spawn(process.execPath, ["build/server.js"], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
