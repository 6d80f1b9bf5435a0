// The app's configuration, read from the environment once, checked with zod and typed, so nothing else
// reads process.env. Every variable of the README's Configuration table is parsed here; a missing or bad
// one is a ConfigError whose message is one plain line naming the variables (never a secret's value).
import { createHmac, randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_MISUSE_POLICY, misusePolicy, type MisusePolicy } from "~/domain/events/exposure-integrity";
import { previewKeyFrom } from "~/domain/links/preview-token";

export interface DatabaseEnv {
  /** postgres://… for any PostgreSQL; absent means the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  /** Folder of the embedded database (git-ignored). */
  dataDir: string;
  /**
   * PostgreSQL: svc's statements are named, so each connection parses them once (the writer's set-based ones also
   * planned once, with a generic plan; Prisma's too); off for a connection pooler that cannot keep prepared
   * statements (PgBouncer before 1.21).
   */
  preparedStatements: boolean;
  /** Event groups committed at once by each instance (SVC_WRITERS); null: 2 on PostgreSQL, 1 on PGlite. */
  writers: number | null;
}

export interface AppEnv extends DatabaseEnv {
  /**
   * Loopback port on which the embedded database is also served over PostgreSQL's protocol, for psql and other
   * clients on this machine (0: any free port; app/db/pglite-wire.mjs); null (unset): not served.
   */
  pglitePort: number | null;
  /** HTTP port (0: any free port). */
  port: number;
  /** Address to listen on; null: all interfaces. In demo mode 127.0.0.1 unless HOST says otherwise. */
  host: string | null;
  /** Local demo mode: the admin is served without Shopify to loopback clients only. */
  demo: boolean;
  /** A request header set by a trusted CDN with the visitor's country (e.g. cf-ipcountry), lower-cased, if any. */
  countryHeader: string | null;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (its rightmost public entry: app/http/client-address.ts). */
  trustProxy: boolean;
  /** False only for benchmarks (SVC_RATE_LIMITS=off), which must measure work, not refusals. */
  rateLimits: boolean;
  /**
   * redis://… shared by every instance for rate limits, the misuse monitor and site-cache invalidation;
   * null: each instance keeps them in process.
   */
  redisUrl: string | null;
  /** Prefix of every Redis key and channel, so several apps (or tests) can share one Redis. */
  redisPrefix: string;
  /** The visual editor's build that GET /editor.js hands out (absolute path). */
  editorScript: string;
  /** The HTTP server's deadlines and connection cap (scripts/server.ts; docs/api.md, Limits). */
  http: {
    /** A request's headers must arrive within this long of its first byte (Node's headersTimeout). */
    headersTimeoutMs: number;
    /** Its body within this long after that: the whole request within both (Node's requestTimeout). */
    bodyTimeoutMs: number;
    /** Connections open at once; past it a new one is closed at once (Node's maxConnections). */
    maxConnections: number;
  };
  /** When the misuse monitor pauses a test; the documented default unless SVC_MISUSE_POLICY (tests) changes it. */
  misusePolicy: Readonly<MisusePolicy>;
  /** Outgoing mail (the owner's notices, drained from the outbox); null: unset, mail waits in the outbox. */
  smtpUrl: string | null;
  /** The notices' From address. */
  mailFrom: string;
  /** How often the schedule job looks for tests due to start, end or stop once decided (ms). */
  scheduleEveryMs: number;
  /** How often this instance folds the rollup parts it wrote into part 0 (ms; docs/database.md, "Rollup parts"). */
  rollupFoldEveryMs: number;
  shopify: {
    /** Whether SHOPIFY_API_KEY and SHOPIFY_API_SECRET were given (demo mode may run with or without them). */
    credentials: boolean;
    apiKey: string;
    apiSecretKey: string;
    appUrl: string;
    scopes: string[];
    /**
     * Where the Shopify library's requests to `https://{shop}/admin/…` go instead (`{origin}/{shop}/admin/…`):
     * a local stand-in for Shopify's Admin API in tests. Null (unset) in production: Shopify itself.
     */
    adminApiOrigin: string | null;
  };
}

/** process.env, or any other set of variables (tests). */
export type Environment = Readonly<Record<string, string | undefined>>;

export interface ConfigProblem {
  /** The environment variables concerned. */
  variables: string[];
  /** A sentence fragment that names them, e.g. `PORT must be a whole number from 0 to 65535 (got "abc")`. */
  message: string;
}

/** The configuration is incomplete or invalid; `message` is one line fit to print as it is. */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(readonly problems: ConfigProblem[]) {
    super(problems.map((p) => p.message).join("; "));
  }
  /** Every variable named, in the order of the problems. */
  get variables(): string[] {
    return this.problems.flatMap((p) => p.variables);
  }
}

// Values never repeated in messages: the credentials (and the URLs of SCHEME_ONLY beyond their scheme).
const UNSHOWN = new Set(["SHOPIFY_API_SECRET", "SHOPIFY_API_KEY", "SVC_PREVIEW_SECRET"]);
// Shown only up to their scheme: they may carry a password.
const SCHEME_ONLY = new Set(["DATABASE_URL", "REDIS_URL", "SVC_SMTP_URL"]);

const MISUSE_MESSAGE =
  "must be comma-separated name=number pairs among windowMinutes, minVisitors, minNetworks, minSpanSeconds, minSharePercent, e.g. minVisitors=5,minSpanSeconds=2";
const MISUSE_FIELDS: Record<string, (n: number) => Partial<MisusePolicy>> = {
  windowMinutes: (n) => ({ windowMs: n * 60_000 }),
  minVisitors: (n) => ({ minVisitors: n }),
  minNetworks: (n) => ({ minNetworks: n }),
  minSpanSeconds: (n) => ({ minSpanMs: n * 1000 }),
  minSharePercent: (n) => ({ minShare: n / 100 }),
};

/** SVC_MISUSE_POLICY's text as a checked policy; throws with the reason. */
function parseMisusePolicy(text: string): Readonly<MisusePolicy> {
  let changes: Partial<MisusePolicy> = {};
  for (const pair of text.split(",")) {
    const [name, value] = pair.split("=").map((p) => p.trim());
    const field = name ? MISUSE_FIELDS[name] : undefined;
    if (!field || !value || !/^\d+(\.\d+)?$/.test(value)) throw new Error(MISUSE_MESSAGE);
    changes = { ...changes, ...field(Number(value)) };
  }
  return misusePolicy(changes);
}

/** Unset, empty and blank are the same: unset. Everything else is trimmed. */
const setting = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined), schema.optional());

const flag = (meaning: string) =>
  z
    .string()
    .toLowerCase()
    .pipe(z.enum(["1", "true", "0", "false"], { error: `must be 1 (${meaning}) or 0` }))
    .transform((v) => v === "1" || v === "true");

/** A whole number from `min` to `max`. */
const whole = (min: number, max: number, unit: string) => {
  const message = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.string().regex(/^\d{1,9}$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message));
};

const ORIGIN_MESSAGE = "must be an http:// or https:// origin without a path, e.g. http://127.0.0.1:4000";

const SCOPES_MESSAGE = "must be a comma-separated list of access scopes, e.g. read_orders,read_themes";

const schema = z.object({
  PORT: setting(
    z
      .string()
      .regex(/^\d{1,5}$/, "must be a whole number from 0 to 65535")
      .transform(Number)
      .pipe(z.number().max(65535, "must be a whole number from 0 to 65535")),
  ),
  HOST: setting(z.string().regex(/^[^\s/]+$/, "must be an address or host name to listen on")),
  DATABASE_URL: setting(
    z.string().regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// URL (unset: the embedded database)"),
  ),
  SVC_DATA_DIR: setting(z.string()),
  SVC_PGLITE_PORT: setting(
    z
      .string()
      .regex(/^\d{1,5}$/, "must be a whole number from 0 to 65535")
      .transform(Number)
      .pipe(z.number().max(65535, "must be a whole number from 0 to 65535")),
  ),
  SVC_PGLITE_PORT_IN_PRODUCTION: setting(flag("serve the embedded database on SVC_PGLITE_PORT even when NODE_ENV=production")),
  SHOPIFY_API_KEY: setting(z.string()),
  SHOPIFY_API_SECRET: setting(z.string()),
  SHOPIFY_APP_URL: setting(z.url({ protocol: /^https?$/, error: "must be the app's public http:// or https:// URL" })),
  SHOPIFY_ADMIN_API_ORIGIN: setting(
    z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+\/?$/, ORIGIN_MESSAGE)
      .transform((v) => v.replace(/\/$/, "")),
  ),
  SCOPES: setting(
    z
      .string()
      .transform((s) => s.split(",").map((scope) => scope.trim()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^[a-z][a-z_]*$/, SCOPES_MESSAGE)).min(1, SCOPES_MESSAGE)),
  ),
  SVC_DEMO: setting(flag("the local demo")),
  SVC_COUNTRY_HEADER: setting(
    z
      .string()
      .regex(/^[!#$%&'*+.^_`|~0-9a-z-]+$/i, "must be an HTTP header name, e.g. cf-ipcountry")
      .transform((h) => h.toLowerCase()),
  ),
  SVC_TRUST_PROXY: setting(flag("behind a reverse proxy")),
  SVC_RATE_LIMITS: setting(
    z
      .string()
      .toLowerCase()
      .pipe(z.enum(["on", "off"], { error: "must be on or off" }))
      .transform((v) => v === "on"),
  ),
  REDIS_URL: setting(z.string().regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL (unset: limits kept per instance)")),
  SVC_REDIS_PREFIX: setting(z.string().regex(/^[!-~]{1,64}$/, "must be 1 to 64 printable characters without spaces, e.g. svc:")),
  SVC_PREVIEW_SECRET: setting(z.string().min(32, "must be at least 32 characters (a random string)")),
  SVC_EDITOR_SCRIPT: setting(z.string()),
  SVC_HEADERS_TIMEOUT_MS: setting(whole(100, 600_000, "milliseconds")),
  SVC_BODY_TIMEOUT_MS: setting(whole(100, 3_600_000, "milliseconds")),
  SVC_MAX_CONNECTIONS: setting(whole(1, 1_000_000, "connections")),
  SVC_SCHEDULE_EVERY_SECONDS: setting(whole(1, 3600, "seconds")),
  SVC_ROLLUP_FOLD_SECONDS: setting(whole(1, 3600, "seconds")),
  SVC_WRITERS: setting(whole(1, 8, "writers")),
  SVC_PREPARED_STATEMENTS: setting(
    z
      .string()
      .toLowerCase()
      .pipe(z.enum(["on", "off"], { error: "must be on or off" }))
      .transform((v) => v === "on"),
  ),
  SVC_MISUSE_POLICY: setting(
    z.string().transform((text, ctx) => {
      try {
        return parseMisusePolicy(text);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: error instanceof RangeError ? `is out of range: ${error.message}` : MISUSE_MESSAGE });
        return z.NEVER;
      }
    }),
  ),
  SVC_SMTP_URL: setting(
    z.string().regex(/^smtps?:\/\/[^\s/?#]+(\/?|\/?\?\S*)$/, "must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465"),
  ),
  SVC_MAIL_FROM: setting(z.string().regex(/^([^<>\r\n]*<)?[^\s@<>]+@[^\s@<>]+>?$/, "must be an address, e.g. svc <notices@example.com>")),
});

function shown(variable: string, value: string | undefined): string {
  if (UNSHOWN.has(variable) || value === undefined) return "";
  if (SCHEME_ONLY.has(variable)) return ` (got "${value.split(":")[0]}:…")`;
  const text = value.length > 60 ? `${value.slice(0, 60)}…` : value;
  return ` (got ${JSON.stringify(text)})`;
}

/** The values, or one problem per variable that is set but invalid. */
function parse<S extends z.ZodObject>(
  env: Environment,
  against: S,
): { values: z.output<S>; problems: [] } | { values: undefined; problems: ConfigProblem[] } {
  const result = against.safeParse(env);
  if (result.success) return { values: result.data, problems: [] };
  const problems = new Map<string, ConfigProblem>();
  for (const issue of result.error.issues) {
    const variable = String(issue.path[0]);
    if (problems.has(variable)) continue;
    const message = `${variable} ${issue.message}${shown(variable, env[variable]?.trim())}`;
    problems.set(variable, { variables: [variable], message });
  }
  return { values: undefined, problems: [...problems.values()] };
}

function missingCredentials(env: Environment): ConfigProblem | null {
  const missing = (["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET"] as const).filter((name) => !env[name]?.trim());
  if (!missing.length) return null;
  const what =
    missing.length === 2
      ? "them to the app's client id and secret"
      : `it to the app's client ${missing[0] === "SHOPIFY_API_KEY" ? "id" : "secret"}`;
  return {
    variables: missing,
    message:
      `${missing.join(" and ")} ${missing.length === 2 ? "are" : "is"} not set ` +
      `(set ${what} from the Partner Dashboard, or run the local demo with \`npm start\` or SVC_DEMO=1)`,
  };
}

/**
 * SVC_QUERY_SHAPES_DIR: a folder where each process writes the shapes of the SQL it sends (app/db/query-shapes.server.ts).
 * `npm test` sets it to check that PostgreSQL saw every query the embedded database did; unset, nothing is written.
 */
export function readQueryShapesDir(env: Environment = process.env): string | null {
  return env.SVC_QUERY_SHAPES_DIR?.trim() || null;
}

/** Only the database settings, for tools that open the database and nothing else (e.g. db:migrate). */
export function readDatabaseEnv(env: Environment = process.env): DatabaseEnv {
  const { values, problems } = parse(env, schema.pick({ DATABASE_URL: true, SVC_DATA_DIR: true, SVC_WRITERS: true, SVC_PREPARED_STATEMENTS: true }));
  if (!values) throw new ConfigError(problems);
  return {
    databaseUrl: values.DATABASE_URL ?? null,
    dataDir: path.resolve(values.SVC_DATA_DIR ?? ".data/pglite"),
    preparedStatements: values.SVC_PREPARED_STATEMENTS ?? true,
    writers: values.SVC_WRITERS ?? null,
  };
}

/**
 * The server's whole configuration. Throws a ConfigError listing every problem at once: values that are
 * set but invalid, and, outside demo mode, missing Shopify credentials.
 */
export function readEnv(env: Environment = process.env): AppEnv {
  const { values, problems } = parse(env, schema);
  // Whether credentials are needed depends on SVC_DEMO; when it is invalid, its own problem says enough.
  const demo = schema.shape.SVC_DEMO.safeParse(env.SVC_DEMO);
  const credentials = demo.success && !demo.data ? missingCredentials(env) : null;
  if (!values || credentials) throw new ConfigError(credentials ? [...problems, credentials] : problems);
  if (values.SVC_PGLITE_PORT !== undefined && values.DATABASE_URL !== undefined)
    throw new ConfigError([
      { variables: ["SVC_PGLITE_PORT"], message: "SVC_PGLITE_PORT serves the embedded database, but DATABASE_URL names another one (unset one of them)" },
    ]);
  // Whoever reaches that port is the superuser of every shop's data (their Admin API tokens too): a
  // production server serves it only when told so in so many words.
  if (values.SVC_PGLITE_PORT !== undefined && env.NODE_ENV?.trim() === "production" && !values.SVC_PGLITE_PORT_IN_PRODUCTION)
    throw new ConfigError([
      {
        variables: ["SVC_PGLITE_PORT", "SVC_PGLITE_PORT_IN_PRODUCTION"],
        message:
          "SVC_PGLITE_PORT would serve the whole database (every shop's data and access tokens) while NODE_ENV=production " +
          "(unset it, or set SVC_PGLITE_PORT_IN_PRODUCTION=1 to serve it on 127.0.0.1 behind the password printed at start)",
      },
    ]);
  const port = values.PORT ?? 3000;
  return {
    port,
    // The demo serves an admin without Shopify and may sign webhooks with a well-known secret: loopback only.
    host: values.HOST ?? (values.SVC_DEMO ? "127.0.0.1" : null),
    databaseUrl: values.DATABASE_URL ?? null,
    dataDir: path.resolve(values.SVC_DATA_DIR ?? ".data/pglite"),
    preparedStatements: values.SVC_PREPARED_STATEMENTS ?? true,
    writers: values.SVC_WRITERS ?? null,
    pglitePort: values.SVC_PGLITE_PORT ?? null,
    demo: values.SVC_DEMO ?? false,
    countryHeader: values.SVC_COUNTRY_HEADER ?? null,
    trustProxy: values.SVC_TRUST_PROXY ?? false,
    rateLimits: values.SVC_RATE_LIMITS ?? true,
    redisUrl: values.REDIS_URL ?? null,
    redisPrefix: values.SVC_REDIS_PREFIX ?? "svc:",
    editorScript: path.resolve(values.SVC_EDITOR_SCRIPT ?? "snippet/dist/editor.js"),
    http: {
      headersTimeoutMs: values.SVC_HEADERS_TIMEOUT_MS ?? 10_000,
      bodyTimeoutMs: values.SVC_BODY_TIMEOUT_MS ?? 20_000,
      maxConnections: values.SVC_MAX_CONNECTIONS ?? 10_000,
    },
    misusePolicy: values.SVC_MISUSE_POLICY ?? DEFAULT_MISUSE_POLICY,
    smtpUrl: values.SVC_SMTP_URL ?? null,
    mailFrom: values.SVC_MAIL_FROM ?? "svc <svc@localhost>",
    scheduleEveryMs: (values.SVC_SCHEDULE_EVERY_SECONDS ?? 60) * 1000,
    rollupFoldEveryMs: (values.SVC_ROLLUP_FOLD_SECONDS ?? 30) * 1000,
    shopify: {
      credentials: values.SHOPIFY_API_KEY !== undefined && values.SHOPIFY_API_SECRET !== undefined,
      // Demo mode runs without Shopify credentials; the library still wants non-empty values.
      apiKey: values.SHOPIFY_API_KEY ?? "demo-api-key",
      apiSecretKey: values.SHOPIFY_API_SECRET ?? "demo-api-secret",
      appUrl: values.SHOPIFY_APP_URL ?? `http://localhost:${port}`,
      // Keep in step with shopify.app.toml, where each is explained: orders for attribution, themes for the
      // embed's state, pixels to create the web pixel at install, customer events for what it subscribes to,
      // products and inventory for variants' unit costs (profit).
      scopes: values.SCOPES ?? ["read_orders", "read_themes", "write_pixels", "read_customer_events", "read_rollouts", "read_products", "write_discounts"],
      adminApiOrigin: values.SHOPIFY_ADMIN_API_ORIGIN ?? null,
    },
  };
}

export interface PreviewKey {
  /** HMAC key that signs and checks preview links (app/domain/links/preview-token.ts). */
  key: Buffer;
  /**
   * True when no secret was configured (the demo without credentials): the key is random for this
   * process, so preview links stop working when the server restarts and differ between instances.
   */
  perProcess: boolean;
}

/**
 * The preview-link key: from SVC_PREVIEW_SECRET when set (several instances without Shopify credentials
 * share it), else from the app's SHOPIFY_API_SECRET, else random. Never the demo's well-known stand-in
 * secret, which anybody could sign with.
 */
export function readPreviewKey(env: Environment = process.env, random: (n: number) => Buffer = randomBytes): PreviewKey {
  const { values, problems } = parse(env, schema.pick({ SVC_PREVIEW_SECRET: true, SHOPIFY_API_SECRET: true }));
  if (!values) throw new ConfigError(problems);
  const secret = values.SVC_PREVIEW_SECRET ?? values.SHOPIFY_API_SECRET;
  if (secret !== undefined) return { key: previewKeyFrom(secret), perProcess: false };
  return { key: random(32), perProcess: true };
}

let previewKeyCached: PreviewKey | undefined;

/** This process's preview-link key, made once (appEnv() has already checked the variables at start). */
export function previewKey(): PreviewKey {
  return (previewKeyCached ??= readPreviewKey());
}

/**
 * The key of the network buckets kept beside events (app/domain/events/network-bucket.ts): derived from
 * SVC_PREVIEW_SECRET or SHOPIFY_API_SECRET, so every instance and restart buckets a network alike (the
 * network rollups add up across them). Without either (the demo without credentials) a fixed demo key:
 * the buckets only pseudonymise the demo's own loopback traffic.
 */
export function readNetworkKey(env: Environment = process.env): Buffer {
  const { values, problems } = parse(env, schema.pick({ SVC_PREVIEW_SECRET: true, SHOPIFY_API_SECRET: true }));
  if (!values) throw new ConfigError(problems);
  const secret = values.SVC_PREVIEW_SECRET ?? values.SHOPIFY_API_SECRET ?? "svc demo network buckets";
  return createHmac("sha256", secret).update("svc network buckets v1").digest();
}

let networkKeyCached: Buffer | undefined;

/** This process's network-bucket key, made once. */
export function networkKey(): Buffer {
  return (networkKeyCached ??= readNetworkKey());
}

/** How a configuration problem reaches the operator: one line on stderr, no stack trace. */
export function configErrorLine(error: ConfigError): string {
  return `[svc] configuration error: ${error.message}`;
}

let cached: AppEnv | undefined;

/**
 * The running server's configuration, parsed on first use. The server build reads it at load
 * (app/shopify.server.ts), before anything listens or calls Shopify's library; a process with a bad
 * configuration can do nothing useful, so it prints one line and exits with status 1.
 */
export function appEnv(): AppEnv {
  if (cached) return cached;
  try {
    cached = readEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(configErrorLine(error));
    process.exit(1);
  }
  return cached;
}
