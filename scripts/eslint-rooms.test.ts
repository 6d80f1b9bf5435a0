// The room rules of eslint.config.js (docs/architecture.md#rooms) on small made-up files: each import is
// resolved the same way whether written relative or with `~/`, at any folder depth.
import path from "node:path";
import { ESLint } from "eslint";
import { readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: eslint.config.js is plain JavaScript without types.
import { ROOMS } from "../eslint.config.js";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function roomProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith("rooms/") || m.ruleId?.startsWith("no-restricted-"))
    .map((m) => m.ruleId ?? "");
}

const cases: [file: string, code: string, problems: string[]][] = [
  ["app/domain/x.ts", 'import "@remix-run/node";', ["rooms/imports"]],
  ["app/domain/x.ts", 'import type { A } from "@shopify/polaris"; export type B = A;', ["rooms/imports"]],
  ["app/domain/x.ts", 'import "~/db.server";', ["rooms/imports"]],
  ["app/domain/stats/x.ts", 'import "../../models/sites/site.server";', ["rooms/imports"]],
  ["app/domain/stats/x.ts", 'import "../random/prng"; import "~/wire"; import "../../wire/limits"; import "zod";', []],
  // The topics of app/domain/ in their order (eslint.config.js, DOMAIN_TOPICS): only down, whether relative or `~/`.
  ["app/domain/stats/x.ts", 'import "~/domain/results/build-results";', ["rooms/topics"]],
  ["app/domain/stats/x.ts", 'import "../results";', ["rooms/topics"]],
  ["app/domain/events/x.ts", 'import type { RollupRow } from "../results/totals"; export type R = RollupRow;', ["rooms/topics"]],
  ["app/domain/experiments/x.ts", 'import "~/domain/shopify/local-plan"; import "../sites/site-config"; import "../events/segment";', ["rooms/topics"]],
  ["app/domain/sites/x.ts", 'import "../experiments/changed-selectors";', ["rooms/topics"]],
  ["app/domain/results/x.ts", 'import "~/domain/simulation/suite";', ["rooms/topics"]],
  ["app/domain/simulation/x.ts", 'import "../results/build-results"; import "../events/segment"; import "../random/draws"; import "../stats";', []],
  ["app/domain/x.ts", 'import "./sites/site-id"; import "./parse-result"; import "~/wire";', ["rooms/topics"]],
  ["app/domain/results/x.ts", 'import "../parse-result"; import "~/domain/iso-countries";', []],
  // Within a topic app/domain's own rule still holds (its rule under another name).
  ["app/domain/results/x.ts", 'import "~/models/sites/site.server"; import "@remix-run/node";', ["rooms/imports", "rooms/imports"]],
  // The engine's one door: its index, from every room, tests and scripts included; its own files reach one another.
  ["app/domain/results/x.ts", 'import "~/domain/stats/moments";', ["rooms/engine"]],
  ["app/domain/results/x.ts", 'import "../stats/distributions/normal";', ["rooms/engine"]],
  ["app/domain/results/x.ts", 'import "~/domain/stats"; import "../stats"; import "../stats/index"; import type { PriorInput } from "~/domain/stats"; export type P = PriorInput;', []],
  ["app/services/x.server.ts", 'import "~/domain/stats/sequential";', ["rooms/engine"]],
  ["app/components/results/x.tsx", 'import "~/domain/stats/bayesian";', ["rooms/engine"]],
  ["tests/integration/x.test.ts", 'import "~/domain/stats/empirical-prior";', ["rooms/engine"]],
  ["app/domain/stats/distributions/x.ts", 'import "../moments"; import "./normal";', []],
  ["app/domain/x.ts", "export const e = process.env.X;", ["no-restricted-properties"]],
  ["app/wire/x.ts", 'import "./limits"; import "~/wire/events";', []],
  ["app/wire/x.ts", 'import "~/domain/sites/site-id"; import "zod";', ["rooms/imports", "rooms/imports"]],
  ["app/services/x.server.ts", 'import type { Prisma } from "~/generated/prisma/client"; export type P = Prisma.JsonObject;', ["rooms/prisma", "rooms/imports"]],
  ["app/services/x.server.ts", 'import "@prisma/adapter-pg";', ["rooms/prisma", "rooms/imports"]],
  ["app/services/x.server.ts", 'import "~/models/sites/site.server"; import "~/db.server";', ["rooms/imports"]],
  ["app/models/x.server.ts", 'import "~/generated/prisma/client";', []],
  ["app/db/x.server.ts", 'import "pglite-prisma-adapter";', []],
  ["app/routes/x.tsx", 'import "../models/sites/site.server";', ["rooms/imports"]],
  ["app/http/x.ts", 'import "~/models/sites/site.server";', ["rooms/imports"]],
  ["app/routes/x.tsx", 'import "~/services/health.server"; import "~/shopify.server";', []],
  ["app/routes/x.tsx", 'import "~/env.server";', ["rooms/imports"]],
  ["app/http/web/x.ts", 'import "~/env.server";', ["rooms/imports"]],
  ["app/components/results/x.tsx", 'import "~/shopify.server";', ["rooms/imports"]],
  ["app/env.server.ts", "export const e = process.env.X;", []],
  ["snippet/src/x.ts", 'import "./guard"; import "../../app/wire/limits";', []],
  ["snippet/src/x.ts", 'import "../../app/domain/sites/site-id";', ["rooms/imports"]],
  ["snippet/src/x.ts", 'import "zod";', ["rooms/imports"]],
  ["extensions/svc-pixel/src/x.ts", 'import "./pixel"; import "../../../app/wire/rules/order-id"; import "@shopify/web-pixels-extension";', []],
  ["extensions/svc-pixel/src/x.ts", 'import "../../../app/domain/events/event-batch"; import "zod";', ["rooms/imports", "rooms/imports"]],
  ["app/services/x.server.ts", 'import "~/demo/seed.server";', ["rooms/demo", "rooms/imports"]],
  ["app/routes/x.tsx", 'import "../demo/routes/demo";', ["rooms/demo", "rooms/imports"]],
  ["app/services/x.server.ts", 'import "~/demo/public.server";', []],
  ["app/demo/x.server.ts", 'import "./seed.server"; import "~/services/outcome";', []],
  ["app/services/x.server.ts", 'import "~/http/problem"; import "~/routes/app"; import "@remix-run/node";', ["rooms/imports", "rooms/imports", "rooms/imports"]],
  ["app/services/x.server.ts", 'import "~/infra/redis.server"; import "~/domain/stats"; import "~/wire"; import "~/env.server";', []],
  ["app/infra/x.server.ts", 'import "~/models/sites/site.server"; import "~/services/outcome"; import "~/db.server";', ["rooms/imports", "rooms/imports", "rooms/imports"]],
  ["app/infra/x.server.ts", 'import "./redis.server"; import "~/domain/events/rate-limit"; import "~/env.server"; import "ioredis";', []],
  ["app/models/x.server.ts", 'import "~/services/outcome"; import "~/infra/redis.server"; import "react";', ["rooms/imports", "rooms/imports", "rooms/imports"]],
  ["app/models/x.server.ts", 'import "~/db.server"; import "~/domain/sites/site-id"; import "@shopify/shopify-api";', []],
  ["app/routes/x.tsx", 'import "~/infra/redis.server";', ["rooms/imports"]],
  ["app/http/node/x.ts", 'import "~/infra/snippet-file.server"; import "~/services/outcome";', []],
  ["app/http/x.ts", 'import "~/infra/redis.server";', ["rooms/imports"]],
  ["app/components/x.tsx", 'import "~/services/outcome";', ["rooms/imports"]],
  ["app/demo/routes/x.tsx", 'import "~/routes/app";', ["rooms/imports"]],
  ["tests/x.ts", 'import "~/generated/prisma/client"; export const e = process.env.X;', []],
];

describe("eslint room rules", () => {
  // Loading typescript-eslint takes a few seconds on a busy machine; pay it once, outside the cases.
  beforeAll(() => roomProblems("app/wire/x.ts", ""), 60_000);

  it.each(cases)("%s: %s", async (file, code, problems) => {
    expect(await roomProblems(file, code)).toEqual(problems);
  });
});

describe("app/domain/'s topics", () => {
  // A topic's rule denies the topics lint knows of; a folder it does not know would be held by nothing.
  it("are every folder of app/domain/, each a room of eslint.config.js", () => {
    const folders = readdirSync(path.join(root, "app/domain"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `app/domain/${entry.name}`);
    const topics = (ROOMS as Array<{ folder: string }>).map((r) => r.folder).filter((f) => f.startsWith("app/domain/"));
    expect(folders.sort()).toEqual(topics.slice().sort());
  });
});
