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

// Three names for the same rule so that the demo rule, the Prisma rule (all of app/) and a room's own rule apply together:
// flat config replaces, rather than merges, the options of a rule set in two matching blocks.
const rooms = { rules: { imports: importsRule, prisma: importsRule, demo: importsRule } };

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
  {
    name: "rooms: app/domain is pure TypeScript",
    files: ["app/domain/**"],
    rules: {
      "rooms/imports": ["error", { room: "app/domain", ours: { allow: ["app/domain", "app/wire"] }, packages: { deny: [...FRAMEWORK, ...PRISMA] } }],
    },
  },
  {
    name: "rooms: app/wire imports nothing but app/wire",
    // Types and limits only; the snippet bundles it, so no packages either.
    files: ["app/wire/**"],
    ignores: TEST_FILES,
    rules: { "rooms/imports": ["error", { room: "app/wire", ours: { allow: ["app/wire"] }, packages: { allow: [] } }] },
  },
  {
    name: "rooms: app/services are use cases: models, infra, domain and wire, no HTTP and no framework",
    files: ["app/services/**"],
    rules: {
      "rooms/imports": [
        "error",
        {
          room: "app/services",
          ours: { deny: ["app/routes", "app/http", "app/components", "app/shopify.server", ...DATABASE_OURS] },
          packages: { deny: [...FRAMEWORK, ...PRISMA] },
        },
      ],
    },
  },
  {
    name: "rooms: app/infra adapts one outside system each (Redis, GeoIP, Admin API, files, the writer)",
    // Below the use cases: they call infra, never the other way round; the database is the models' room.
    files: ["app/infra/**"],
    rules: {
      "rooms/imports": [
        "error",
        { room: "app/infra", ours: { allow: ["app/infra", "app/domain", "app/wire", "app/env.server"] }, packages: { deny: [...FRAMEWORK, ...PRISMA] } },
      ],
    },
  },
  {
    name: "rooms: app/models touch the database and nothing above it",
    files: ["app/models/**"],
    rules: {
      // Shopify's session types are allowed: session.server.ts is the library's session storage.
      "rooms/imports": ["error", { room: "app/models", ours: { allow: ["app/models", "app/domain", "app/wire", ...DATABASE_OURS] }, packages: { deny: UI } }],
    },
  },
  {
    name: "rooms: app/routes and app/http go through services, not models or the database",
    files: ["app/routes/**", "app/http/**"],
    rules: { "rooms/imports": ["error", { room: "app/routes and app/http", ours: { deny: ["app/models", ...DATABASE_OURS] } }] },
  },
  {
    name: "rooms: app/components are UI pieces (no server modules)",
    files: ["app/components/**"],
    rules: {
      "rooms/imports": ["error", { room: "app/components", ours: { deny: ["app/models", "app/services", "app/http", ...DATABASE_OURS, "app/**.server"] } }],
    },
  },
  {
    name: "rooms: the snippet imports snippet/src and app/wire only",
    // A browser program with a size budget: no packages, no framework, no app code but the wire shapes.
    files: ["snippet/src/**"],
    ignores: TEST_FILES,
    rules: { "rooms/imports": ["error", { room: "snippet/src", ours: { allow: ["snippet/src", "app/wire"] }, packages: { allow: [] } }] },
  },
  {
    name: "rooms: the head helper and the visual editor are browser programs too",
    // Inline in every page (head) or loaded for merchants only (editor): the snippet's own code and the
    // wire shapes, no packages, no app code.
    files: ["snippet/head/**", "snippet/editor/**"],
    ignores: [...TEST_FILES, "snippet/*/build.mjs"],
    rules: {
      "rooms/imports": [
        "error",
        { room: "snippet/head and snippet/editor", ours: { allow: ["snippet/head", "snippet/editor", "snippet/src", "app/wire"] }, packages: { allow: [] } },
      ],
    },
  },
  {
    name: "rooms: the web pixel imports its own src, app/wire and Shopify's pixel API only",
    // Bundled by Shopify's CLI into a sandboxed worker with a size limit: the wire rules it shares, nothing else.
    files: ["extensions/svc-pixel/src/**"],
    ignores: TEST_FILES,
    rules: {
      "rooms/imports": [
        "error",
        { room: "extensions/svc-pixel/src", ours: { allow: ["extensions/svc-pixel/src", "app/wire"] }, packages: { allow: ["@shopify/web-pixels-extension"] } },
      ],
    },
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
