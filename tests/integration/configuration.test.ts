// A bad or incomplete configuration stops the built server at once with one plain line, never a stack trace.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_NODE_FLAGS } from "../support/node-flags";

const root = path.resolve(import.meta.dirname, "../..");

interface Exit {
  code: number | null;
  output: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs the built server with exactly these settings (no Shopify or demo settings inherited) until it exits. */
function runServer(settings: Record<string, string>): Promise<Exit> {
  const inherited = Object.entries(process.env).filter(
    ([key]) => !/^(SHOPIFY_|SVC_|DATABASE_URL$|SCOPES$|PORT$|HOST$)/.test(key),
  );
  const env = { ...Object.fromEntries(inherited), NODE_ENV: "production", HOST: "127.0.0.1", ...settings };
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, "build/server.js"], { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not exit:\n${output}`));
    }, 30_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("starting the built server with a bad configuration", () => {
  let dataDir: string;
  let port: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "svc-config-"));
    port = String(await freePort());
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  function expectOneLine({ code, output }: Exit, pattern: RegExp): void {
    expect(code).toBe(1);
    const lines = output.split("\n").filter((line) => line.trim() !== "");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toMatch(/listening on/);
  }

  it("without Shopify credentials or demo mode, names both variables and both ways out", async () => {
    const run = await runServer({ SVC_DATA_DIR: dataDir, PORT: port });
    expectOneLine(run, /^\[svc\] configuration error: SHOPIFY_API_KEY and SHOPIFY_API_SECRET are not set /);
    expect(run.output).toContain("`npm start`");
    expect(run.output).toContain("SVC_DEMO=1");
  });

  it("names the one credential that is missing", async () => {
    const run = await runServer({ SVC_DATA_DIR: dataDir, PORT: port, SHOPIFY_API_KEY: "test-api-key" });
    expectOneLine(run, /^\[svc\] configuration error: SHOPIFY_API_SECRET is not set /);
    expect(run.output).not.toContain("SHOPIFY_API_KEY");
  });

  it.each([
    ["PORT", "abc", /PORT must be a whole number from 0 to 65535 \(got "abc"\)$/],
    ["SVC_DEMO", "maybe", /SVC_DEMO must be 1 \(the local demo\) or 0 \(got "maybe"\)$/],
    ["DATABASE_URL", "mysql://root:hunter2@127.0.0.1/svc", /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
  ])("names %s when it is invalid", async (variable, value, pattern) => {
    const run = await runServer({ SVC_DATA_DIR: dataDir, PORT: port, SVC_DEMO: "1", [variable]: value });
    expectOneLine(run, new RegExp(`^\\[svc\\] configuration error: ${pattern.source}`));
    expect(run.output).not.toContain("hunter2");
  });
});
