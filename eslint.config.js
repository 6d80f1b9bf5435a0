// ESLint (flat config): typescript-eslint's recommended rules, React's hook rules for the .tsx, and the
// rooms of docs/architecture.md ("Rooms" table) as import rules, one block per room below.
//
// The room rules are a small local rule, `rooms/imports`, rather than `no-restricted-imports` patterns:
// it resolves each import (relative, `~/…` or a package) to a project path before matching, so
// `../../app/wire/limits` and `~/wire/limits` are the same import, at any folder depth.
import path from "node:path";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

// ── Packages, by what they tie code to ─────────────────────────────────────────────────────────────
const FRAMEWORK = ["@remix-run/*", "@shopify/*", "react", "react-dom", "isbot"];
const PRISMA = ["@prisma/*", "pglite-prisma-adapter"];
// The web framework and UI, which nothing below the routes and components may need.
const UI = ["@remix-run/*", "react", "react-dom", "isbot", "@shopify/polaris", "@shopify/polaris-viz", "@shopify/app-bridge-react"];
// Our paths (after resolution) that are Prisma or the database.
const PRISMA_OURS = ["app/generated"];
const DATABASE_OURS = ["app/db", "app/db.server", ...PRISMA_OURS];

// Tests beside the code may import test tools (vitest, fast-check, node:*) where the room's code may not.
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx"];

// ── rooms/imports ──────────────────────────────────────────────────────────────────────────────────
// Options: { room, ours: { allow?: [...] , deny?: [...] }, packages: { allow?: [...], deny?: [...] } }.
// Entries are globs over project paths without extension ("app/wire", "app/domain/**") or package names
// ("@shopify/*"); an entry also covers everything below it ("react" covers "react/jsx-runtime").
// `allow` means "only these"; `allow: []` forbids every package, Node's built-ins included; `except` carves
// paths out of `deny` (the demo's one public module).
// `import type` counts like any other import: a type from another room is still a dependency on it.
function globToRegExp(glob) {
  const body = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? ".*" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}(/.*)?$`);
}
const matchesAny = (globs, target) => globs.some((glob) => globToRegExp(glob).test(target));

/** `~/x` and relative specifiers → "app/x" (project path, no extension); packages → null. */
function ourPath(specifier, filename) {
  let absolute;
  if (specifier.startsWith("~/")) absolute = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === "..")
    absolute = path.resolve(path.dirname(filename), specifier);
  else return null;
  return path
    .relative(root, absolute)
    .split(path.sep)
    .join("/")
    .replace(/\.(tsx?|mjs|js|json)$/, "")
    .replace(/\/index$/, "");
}

function packageName(specifier) {
  return specifier.split("?")[0];
}

const importsRule = {
  meta: {
    type: "problem",
    docs: { description: "Imports stay within what a room may import (docs/architecture.md#rooms)" },
    schema: [{ type: "object" }],
    messages: { denied: "{{room}} may not import '{{specifier}}' ({{what}}); see docs/architecture.md#rooms" },
  },
  create(context) {
    const { room, ours = {}, packages = {} } = context.options[0] ?? {};
    const check = (node, source) => {
      if (!source || typeof source.value !== "string") return;
      const specifier = source.value;
      const target = ourPath(specifier, context.filename);
      const rules = target === null ? packages : ours;
      const subject = target ?? packageName(specifier);
      const denied =
        (rules.allow !== undefined && !matchesAny(rules.allow, subject)) ||
        (rules.deny !== undefined && matchesAny(rules.deny, subject) && !matchesAny(rules.except ?? [], subject));
      if (denied) {
        const what = target === null ? "package" : target;
        context.report({ node: source, messageId: "denied", data: { room, specifier, what } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === "Literal" ? node.source : null),
    };
  },
};

// Five names for the same rule so that the demo rule, the Prisma rule (all of app/), a room's own rule, a domain
// topic's rule (on top of app/domain's) and the engine's door apply together: flat config replaces, rather
// than merges, the options of a rule set in two matching blocks.
const rooms = { rules: { imports: importsRule, prisma: importsRule, demo: importsRule, topics: importsRule, engine: importsRule } };

// ── The topics of app/domain/, bottom to top ──────────────────────────────────────────────────────
// A topic may import the topics below it (and app/wire, and the files at app/domain/'s root, which import no
// topic); an import up the order fails lint like one between rooms. Each becomes a sub-room of app/domain below.
const DOMAIN_TOPICS = [
  ["random", "seeded random numbers and draws: the validity simulation's and the property tests'"],
  ["stats", "the statistics engine (npx svc-stats), reached from outside only through its index"],
  ["notices", "the owner's emails: which kinds exist, who receives one (announcements always, the rest when asked for), announcements"],
  ["events", "what the storefront sends and what ingestion makes of it: batches, attribution, rollup increments, where money may come from"],
  ["sites", "a site and what the hot paths hold of it (site-config: its running tests, served winners, holdout)"],
  ["consent", "whether a visitor must consent, and the prompt"],
  ["experiments", "the A/B tests' rules, and what a site's config serves of them (/api/patches, the hiding sheet)"],
  ["links", "signed preview and editor links to a test's arm"],
  ["shopify", "Shopify's orders, install and webhooks, and the embed's plans built from a site's tests"],
  ["settings", "the shop's settings: retention, the chance-to-win prior"],
  ["results", "the results page and CSV from rollups, through the engine"],
  ["simulation", "the validity simulation (npm run stats:simulate): simulated tests read through results"],
];
const TOPIC_FOLDERS = DOMAIN_TOPICS.map(([name]) => `app/domain/${name}`);
const topicRooms = DOMAIN_TOPICS.map(([name, why], i) => ({
  folder: `app/domain/${name}`,
  why,
  ours: [...TOPIC_FOLDERS.slice(0, i), "app/wire"],
  topic: true,
}));

// ── The rooms (docs/architecture.md#rooms prints this table; scripts/architecture-doc.test.ts checks it) ──
// Each room lists what it may import besides itself (`ours`, project paths; nothing else of ours) and
// which packages it may not (or may only) use. The Prisma and demo rules below apply on top of these.
export const ROOMS = [
  {
    folder: "app/routes",
    why: "HTTP only: authenticate, parse, call a service, answer (Remix flat routes)",
    ours: ["app/services", "app/http", "app/components", "app/domain", "app/wire", "app/shopify.server"],
  },
  {
    folder: "app/http",
    why: "HTTP code shared by routes and the hot paths on raw node:http",
    // The built snippet is a file the hot path streams as it is; every other adapter is a service's business.
    // Below app/shopify.server.ts, which authenticates through the demo door (web/demo-door.server.ts, which
    // needs the demo's shop): the webhook door is handed Shopify's check by its route.
    ours: ["app/services", "app/domain", "app/wire", "app/infra/snippet-file.server", "app/demo/public.server"],
  },
  {
    folder: "app/services",
    why: "use cases: load → domain → persist, no HTTP and no framework",
    ours: ["app/models", "app/infra", "app/domain", "app/wire", "app/env.server", "app/demo/public.server"],
    packages: { deny: [...FRAMEWORK, ...PRISMA] },
  },
  {
    folder: "app/infra",
    why: "adapters, one outside system each (Redis, GeoIP, Admin API, built files, the writer); below the use cases",
    ours: ["app/domain", "app/wire", "app/env.server"],
    packages: { deny: [...FRAMEWORK, ...PRISMA] },
  },
  {
    folder: "app/models",
    why: "the only code that touches Prisma: one file per table or read",
    ours: ["app/domain", "app/wire", ...DATABASE_OURS],
    // Shopify's session types are allowed: session.server.ts is the library's session storage.
    packages: { deny: UI },
  },
  {
    folder: "app/domain",
    why: "pure TypeScript rules, grouped by topic (the sub-rooms below, in their order)",
    ours: ["app/wire"],
    packages: { deny: [...FRAMEWORK, ...PRISMA] },
  },
  ...topicRooms,
  {
    folder: "app/wire",
    why: "the snippet ↔ server contract; the snippet bundles it, so no packages",
    ours: [],
    packages: { allow: [] },
    ignores: TEST_FILES,
  },
  {
    folder: "app/components",
    why: "Polaris UI pieces; no server modules",
    ours: ["app/domain", "app/wire"],
  },
  {
    folder: "app/demo",
    why: "the local demo: storefront emulator, seeding, its routes; production reaches it through public.server only",
    ours: ["app/services", "app/models", "app/infra", "app/http", "app/domain", "app/wire", "app/env.server", "app/shopify.server", "extensions/svc-embed", "extensions/svc-offers/src/run"],
  },
  {
    folder: "app/db",
    why: "opening the database (PGlite or PostgreSQL) and the migration runner",
    files: ["app/db/**", "app/db.server.ts"],
    ours: ["app/db", "app/db.server", "app/env.server", ...PRISMA_OURS],
  },
  {
    folder: "snippet/src",
    why: "the snippet: a browser program with a size budget, no packages",
    ours: ["app/wire"],
    packages: { allow: [] },
    ignores: TEST_FILES,
  },
  {
    folder: "snippet/head",
    why: "the inline anti-flicker helper, pasted into every page",
    ours: ["snippet/src", "app/wire"],
    packages: { allow: [] },
    ignores: [...TEST_FILES, "snippet/*/build.mjs"],
  },
  {
    folder: "snippet/editor",
    why: "the visual editor, loaded for merchants only",
    ours: ["snippet/src", "app/wire"],
    packages: { allow: [] },
    ignores: [...TEST_FILES, "snippet/*/build.mjs"],
  },
  {
    folder: "extensions/svc-offers/src",
    why: "the Discount Function, built to WebAssembly by Shopify's CLI: the wire rules, no packages",
    ours: ["app/wire"],
    packages: { allow: [] },
    ignores: TEST_FILES,
  },
  {
    folder: "extensions/svc-pixel/src",
    why: "the web pixel, bundled by Shopify's CLI into a sandboxed worker",
    ours: ["app/wire"],
    packages: { allow: ["@shopify/web-pixels-extension"] },
    ignores: TEST_FILES,
  },
];

/**
 * One room as an ESLint block: its files may import itself and `ours`, and packages as `packages` says. A topic
 * of app/domain is held on top of app/domain's own rule (`rooms/topics`): of the topics, only itself and those
 * in `ours`.
 */
function roomBlock({ folder, why, files = [`${folder}/**`], ours, packages = {}, ignores = [], topic = false }) {
  if (topic)
    return {
      name: `rooms: ${folder}: ${why}`,
      files,
      ignores,
      rules: { "rooms/topics": ["error", { room: folder, ours: { deny: TOPIC_FOLDERS, except: [folder, ...ours] } }] },
    };
  return {
    name: `rooms: ${folder}: ${why}`,
    files,
    ignores,
    rules: { "rooms/imports": ["error", { room: folder, ours: { allow: [folder, ...ours] }, packages }] },
  };
}

export default defineConfig([
  globalIgnores(["build/", "snippet/dist/", "app/generated/", "coverage/", ".cache/", "data/", ".data/", "tmp/"]),

  // ── Language rules ───────────────────────────────────────────────────────────────────────────────
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Control characters in patterns are deliberate here: the wire rules reject \x00-\x1f in input.
      "no-control-regex": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The two classic hook rules. The 7.x preset's React Compiler rules (purity, set-state-in-effect, …)
    // are left out: the app is not compiled with React Compiler, and they flag ClientOnly's deliberate
    // mount effect.
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["app/**/*.tsx", "snippet/src/**", "snippet/test/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The web pixel runs in Shopify's strict sandbox, a web worker: fetch and the like, no DOM, no Node.
    files: ["extensions/svc-pixel/src/**"],
    languageOptions: { globals: { ...globals.worker } },
  },

  {
    // Published coefficients (Wichura's AS 241, …) are quoted at their published precision; the double
    // they round to is the intended value.
    files: ["app/domain/stats/**"],
    rules: { "no-loss-of-precision": "off" },
  },
  {
    // Code run inside the page through page.evaluate reads the page's own untyped globals (window.svc, stubs).
    files: ["tests/browser/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },

  // ── Rooms (docs/architecture.md#rooms) ───────────────────────────────────────────────────────────
  { plugins: { rooms } },

  {
    name: "rooms: only app/models, app/db and app/db.server.ts touch Prisma",
    // Type-only imports included: a service that needs `Prisma.InputJsonObject` should get the shape
    // from a model (models/*.server.ts) instead, so that swapping the ORM stays inside models/.
    files: ["app/**"],
    ignores: ["app/models/**", "app/db/**", "app/db.server.ts"],
    rules: { "rooms/prisma": ["error", { room: "app/ outside models and db", ours: { deny: PRISMA_OURS }, packages: { deny: PRISMA } }] },
  },
  {
    name: "rooms: production code reaches the local demo only through app/demo/public.server",
    // The demo (storefront emulator, seeding, its routes) can be left out of a build (SVC_BUILD_DEMO=0).
    files: ["app/**"],
    ignores: ["app/demo/**"],
    rules: { "rooms/demo": ["error", { room: "app/ outside app/demo", ours: { deny: ["app/demo"], except: ["app/demo/public.server"] } }] },
  },
  ...ROOMS.map(roomBlock),
  {
    name: "rooms: app/domain's root files (parse-result, loopback, iso-countries) sit below every topic",
    files: ["app/domain/*.ts"],
    rules: { "rooms/topics": ["error", { room: "app/domain's root", ours: { deny: TOPIC_FOLDERS } }] },
  },
  {
    name: "rooms: outside app/domain/stats, the engine is reached through its index only",
    // One door, so the engine's files can be split, merged or renamed without touching its callers.
    files: ["app/**", "tests/**", "scripts/**"],
    ignores: ["app/domain/stats/**"],
    rules: { "rooms/engine": ["error", { room: "outside app/domain/stats", ours: { deny: ["app/domain/stats/*"] } }] },
  },

  {
    name: "rooms: only app/env.server.ts reads process.env",
    files: ["app/**", "snippet/src/**"],
    ignores: ["app/env.server.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings from app/env.server.ts (docs/architecture.md#rooms)." }],
      "no-restricted-imports": ["error", { paths: [{ name: "node:process", importNames: ["env"], message: "Read settings from app/env.server.ts." }, { name: "process", importNames: ["env"], message: "Read settings from app/env.server.ts." }] }],
    },
  },
]);
