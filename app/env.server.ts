// The app's configuration, read from the environment once and typed, so nothing else reads process.env.
import path from "node:path";

export interface AppEnv {
  /** postgres://… for any PostgreSQL; absent means the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  /** Folder of the embedded database (git-ignored). */
  dataDir: string;
  /** Local demo mode: the admin is served without Shopify to loopback clients only. */
  demo: boolean;
  /** A request header set by a trusted CDN with the visitor's country (e.g. cf-ipcountry), if any. */
  countryHeader: string | null;
  /** Behind a reverse proxy: take the client's address from the first X-Forwarded-For entry. */
  trustProxy: boolean;
  /** False only for benchmarks (SVC_RATE_LIMITS=off), which must measure work, not refusals. */
  rateLimits: boolean;
  shopify: {
    apiKey: string;
    apiSecretKey: string;
    appUrl: string;
    scopes: string[];
  };
}

function flag(value: string | undefined): boolean {
  return value === "1" || value === "true";
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): AppEnv {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(`DATABASE_URL must be a postgres:// or postgresql:// URL (got "${databaseUrl.split(":")[0]}:…")`);
  }
  const demo = flag(env.SVC_DEMO);
  const port = env.PORT || "3000";
  return {
    databaseUrl,
    dataDir: path.resolve(env.SVC_DATA_DIR || ".data/pglite"),
    demo,
    countryHeader: env.SVC_COUNTRY_HEADER?.trim().toLowerCase() || null,
    trustProxy: flag(env.SVC_TRUST_PROXY),
    rateLimits: env.SVC_RATE_LIMITS !== "off",
    shopify: {
      // Demo mode runs without Shopify credentials; the library still wants non-empty values.
      apiKey: env.SHOPIFY_API_KEY || (demo ? "demo-api-key" : ""),
      apiSecretKey: env.SHOPIFY_API_SECRET || (demo ? "demo-api-secret" : ""),
      appUrl: env.SHOPIFY_APP_URL || `http://localhost:${port}`,
      scopes: (env.SCOPES || "read_orders,read_themes").split(",").map((s) => s.trim()).filter(Boolean),
    },
  };
}

let cached: AppEnv | undefined;

export function appEnv(): AppEnv {
  cached ??= readEnv();
  return cached;
}
