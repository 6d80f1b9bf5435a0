// Vite builds the Remix app (admin, endpoints, webhooks); the snippet has its own build (snippet/build.mjs).
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { DEMO_ROUTES } from "./app/demo/route-table";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Packages the server bundle leaves to node_modules: those that load files beside their code at run time
 * (WebAssembly, a country database, Prisma's engine), the drivers and the optional services that only some
 * configurations open (imported when they are), and what `scripts/server.ts` shares with the build.
 */
const SERVER_EXTERNAL = [
  "@electric-sql/pglite",
  "@prisma/client",
  "@prisma/adapter-pg",
  "@ip-location-db/geo-whois-asn-country-mmdb",
  "maxmind",
  "pg",
  "ioredis",
  "nodemailer",
  "smtp-server",
  // The demo builds its stand-in of Shopify's pixel runtime with esbuild, a native binary.
  "esbuild",
  "@remix-run/node",
  "@remix-run/express",
  "express",
  "compression",
];

/** Third-party build notes that say nothing about svc (comments Rollup drops, a locale file imported two ways). */
const QUIET_WARNINGS = new Set(["INVALID_ANNOTATION", "INCONSISTENT_IMPORT_ATTRIBUTES"]);

export default defineConfig(({ command }) => ({
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.md"],
      // The local demo's pages live in app/demo (docs/architecture.md); a build for production may leave them out.
      routes: (defineRoutes) =>
        defineRoutes((route) => {
          if (process.env.SVC_BUILD_DEMO === "0") return;
          for (const [path, file] of DEMO_ROUTES) route(path, file, { id: `demo:${path}` });
        }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        v3_routeConfig: false,
      },
    }),
    tsconfigPaths(),
  ],
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      onwarn(warning, warn) {
        if (QUIET_WARNINGS.has(warning.code ?? "") && (warning.id ?? warning.message).includes("node_modules/")) return;
        warn(warning);
      },
    },
  },
  // The production server bundles its JavaScript dependencies: a test server or a new instance then parses one
  // file instead of resolving ~2,300 (Polaris alone is 1,000), which took a start from 1.9 to 1.1 CPU-s
  // (docs/testing.md). Development keeps them external, as Vite's dev server expects.
  ssr: command === "build" ? { noExternal: true, external: SERVER_EXTERNAL } : {},
  optimizeDeps: { include: ["@shopify/app-bridge-react", "@shopify/polaris"] },
}));
