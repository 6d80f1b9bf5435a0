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

export default defineConfig({
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
  build: { assetsInlineLimit: 0 },
  optimizeDeps: { include: ["@shopify/app-bridge-react", "@shopify/polaris"] },
});
