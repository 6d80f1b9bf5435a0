#!/usr/bin/env node
// svc-stats: reads one analysis request (JSON) on stdin and writes the results (JSON) on stdout.
// All logic lives in app/domain/stats/cli.ts; this shim only loads it through tsx and does the I/O.
import { tsImport } from "tsx/esm/api";

const { runCli } = await tsImport("../app/domain/stats/cli.ts", import.meta.url);

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const result = runCli(Buffer.concat(chunks).toString("utf8"));
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;
