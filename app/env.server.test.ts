import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_MISUSE_POLICY } from "~/domain/events/exposure-integrity";
import { ConfigError, appEnv, readDatabaseEnv, readEnv, readPreviewKey, type Environment } from "./env.server";

const CREDENTIALS = { SHOPIFY_API_KEY: "key", SHOPIFY_API_SECRET: "secret" };

function configError(env: Environment): ConfigError {
  try {
    readEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

describe("readEnv", () => {
  it("gives the documented defaults in demo mode, which needs no credentials", () => {
    expect(readEnv({ SVC_DEMO: "1" })).toEqual({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: null,
      dataDir: path.resolve(".data/pglite"),
      preparedStatements: true,
      writers: null,
      pglitePort: null,
      demo: true,
      countryHeader: null,
      trustProxy: false,
      rateLimits: true,
      redisUrl: null,
      redisPrefix: "svc:",
      scheduleEveryMs: 60_000,
      rollupFoldEveryMs: 30_000,
      editorScript: path.resolve("snippet/dist/editor.js"),
      http: { headersTimeoutMs: 10_000, bodyTimeoutMs: 20_000, maxConnections: 10_000 },
      misusePolicy: DEFAULT_MISUSE_POLICY,
      smtpUrl: null,
      mailFrom: "svc <svc@localhost>",
      shopify: {
        credentials: false,
        apiKey: "demo-api-key",
        apiSecretKey: "demo-api-secret",
        appUrl: "http://localhost:3000",
        scopes: ["read_orders", "read_themes", "write_pixels", "read_customer_events", "read_rollouts", "read_products", "write_discounts"],
        adminApiOrigin: null,
      },
    });
  });

  it("reads every setting", () => {
    const env = readEnv({
      ...CREDENTIALS,
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgresql://u:p@db:5432/svc",
      SVC_DATA_DIR: "/tmp/svc-data",
      SHOPIFY_APP_URL: "https://svc.example",
      SCOPES: " read_orders , write_themes ,",
      SHOPIFY_ADMIN_API_ORIGIN: "http://127.0.0.1:4000/",
      SVC_DEMO: "0",
      SVC_COUNTRY_HEADER: "CF-IPCountry",
      SVC_TRUST_PROXY: "true",
      SVC_RATE_LIMITS: "off",
      REDIS_URL: "redis://:pw@cache:6379/2",
      SVC_REDIS_PREFIX: "shop-a:",
      SVC_EDITOR_SCRIPT: "/tmp/svc-editor/editor.js",
      SVC_HEADERS_TIMEOUT_MS: "2000",
      SVC_BODY_TIMEOUT_MS: "5000",
      SVC_MAX_CONNECTIONS: "500",
      SVC_MISUSE_POLICY: "minVisitors=5, minNetworks=3,minSpanSeconds=2,windowMinutes=10,minSharePercent=50",
      SVC_SMTP_URL: "smtps://svc:pw@smtp.example:465",
      SVC_MAIL_FROM: "svc notices <notices@svc.example>",
      SVC_WRITERS: "3",
      SVC_ROLLUP_FOLD_SECONDS: "120",
      SVC_PREPARED_STATEMENTS: "OFF",
    });
    expect(env).toEqual({
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgresql://u:p@db:5432/svc",
      dataDir: "/tmp/svc-data",
      preparedStatements: false,
      writers: 3,
      pglitePort: null,
      demo: false,
      countryHeader: "cf-ipcountry",
      trustProxy: true,
      rateLimits: false,
      redisUrl: "redis://:pw@cache:6379/2",
      redisPrefix: "shop-a:",
      scheduleEveryMs: 60_000,
      rollupFoldEveryMs: 120_000,
      editorScript: "/tmp/svc-editor/editor.js",
      http: { headersTimeoutMs: 2000, bodyTimeoutMs: 5000, maxConnections: 500 },
      misusePolicy: { windowMs: 600_000, minVisitors: 5, minNetworks: 3, minSpanMs: 2000, minShare: 0.5 },
      smtpUrl: "smtps://svc:pw@smtp.example:465",
      mailFrom: "svc notices <notices@svc.example>",
      shopify: { credentials: true, apiKey: "key", apiSecretKey: "secret", appUrl: "https://svc.example", scopes: ["read_orders", "write_themes"], adminApiOrigin: "http://127.0.0.1:4000" },
    });
  });

  it("serves the embedded database on a loopback port only when SVC_PGLITE_PORT asks, and never with DATABASE_URL", () => {
    expect(readEnv({ SVC_DEMO: "1" }).pglitePort).toBeNull();
    expect(readEnv({ SVC_DEMO: "1", SVC_PGLITE_PORT: "5433" }).pglitePort).toBe(5433);
    expect(readEnv({ SVC_DEMO: "1", SVC_PGLITE_PORT: "0" }).pglitePort).toBe(0);
    const error = configError({ SVC_DEMO: "1", SVC_PGLITE_PORT: "5433", DATABASE_URL: "postgres://db/svc" });
    expect(error.variables).toEqual(["SVC_PGLITE_PORT"]);
    expect(error.message).toMatch(/^SVC_PGLITE_PORT serves the embedded database, but DATABASE_URL names another one/);
  });

  it("refuses SVC_PGLITE_PORT when NODE_ENV=production unless SVC_PGLITE_PORT_IN_PRODUCTION=1 allows it", () => {
    const error = configError({ SVC_DEMO: "1", NODE_ENV: "production", SVC_PGLITE_PORT: "5433" });
    expect(error.variables).toEqual(["SVC_PGLITE_PORT", "SVC_PGLITE_PORT_IN_PRODUCTION"]);
    expect(error.message).toMatch(/^SVC_PGLITE_PORT would serve the whole database .* while NODE_ENV=production \(unset it, or set SVC_PGLITE_PORT_IN_PRODUCTION=1/);
    expect(configError({ SVC_DEMO: "1", NODE_ENV: "production", SVC_PGLITE_PORT: "0", SVC_PGLITE_PORT_IN_PRODUCTION: "0" }).variables).toContain(
      "SVC_PGLITE_PORT_IN_PRODUCTION",
    );
    expect(readEnv({ SVC_DEMO: "1", NODE_ENV: "production", SVC_PGLITE_PORT: "0", SVC_PGLITE_PORT_IN_PRODUCTION: "1" }).pglitePort).toBe(0);
    expect(readEnv({ SVC_DEMO: "1", NODE_ENV: "development", SVC_PGLITE_PORT: "0" }).pglitePort).toBe(0);
    expect(readEnv({ SVC_DEMO: "1", NODE_ENV: "production" }).pglitePort).toBeNull();
  });

  it("listens on loopback only in demo mode, unless HOST says otherwise", () => {
    expect(readEnv({ SVC_DEMO: "1" }).host).toBe("127.0.0.1");
    expect(readEnv({ SVC_DEMO: "1", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(readEnv({ ...CREDENTIALS }).host).toBeNull();
  });

  it("treats empty and blank values as unset", () => {
    const env = readEnv({ ...CREDENTIALS, PORT: "", DATABASE_URL: " ", SVC_DEMO: "", SVC_RATE_LIMITS: "" });
    expect(env).toMatchObject({ port: 3000, databaseUrl: null, demo: false, rateLimits: true });
  });

  it("derives the app URL from the port", () => {
    expect(readEnv({ SVC_DEMO: "1", PORT: "0" }).shopify.appUrl).toBe("http://localhost:0");
  });

  describe("without credentials and without demo mode", () => {
    it("names both variables and both ways out, on one line", () => {
      const error = configError({});
      expect(error.variables).toEqual(["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET"]);
      expect(error.message).toBe(
        "SHOPIFY_API_KEY and SHOPIFY_API_SECRET are not set (set them to the app's client id and secret from the " +
          "Partner Dashboard, or run the local demo with `npm start` or SVC_DEMO=1)",
      );
      expect(error.message).not.toContain("\n");
    });

    it.each([
      [{ SHOPIFY_API_KEY: "key" }, "SHOPIFY_API_SECRET"],
      [{ SHOPIFY_API_SECRET: "secret" }, "SHOPIFY_API_KEY"],
      [{ SHOPIFY_API_KEY: "key", SHOPIFY_API_SECRET: "  ", SVC_DEMO: "0" }, "SHOPIFY_API_SECRET"],
    ])("names exactly the one that is missing (%o)", (env, missing) => {
      const error = configError(env);
      expect(error.variables).toEqual([missing]);
      expect(error.message).toMatch(new RegExp(`^${missing} is not set \\(set it to the app's client (id|secret) .*SVC_DEMO=1\\)$`));
      expect(error.message).not.toContain(missing === "SHOPIFY_API_KEY" ? "SHOPIFY_API_SECRET" : "SHOPIFY_API_KEY");
    });
  });

  it.each([
    ["PORT", "abc", /^PORT must be a whole number from 0 to 65535 \(got "abc"\)$/],
    ["PORT", "65536", /^PORT must be a whole number/],
    ["PORT", "-1", /^PORT must be a whole number/],
    ["PORT", "3000.5", /^PORT must be a whole number/],
    ["HOST", "local host", /^HOST must be an address/],
    ["SVC_PGLITE_PORT", "psql", /^SVC_PGLITE_PORT must be a whole number from 0 to 65535 \(got "psql"\)$/],
    ["DATABASE_URL", "mysql://root:hunter2@db/svc", /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL .*\(got "mysql:…"\)$/],
    ["DATABASE_URL", "postgres:/nope", /^DATABASE_URL must be a postgres/],
    ["SHOPIFY_APP_URL", "svc.example", /^SHOPIFY_APP_URL must be the app's public http:\/\/ or https:\/\/ URL \(got "svc.example"\)$/],
    ["SHOPIFY_APP_URL", "ftp://svc.example", /^SHOPIFY_APP_URL must be/],
    ["SHOPIFY_ADMIN_API_ORIGIN", "127.0.0.1:4000", /^SHOPIFY_ADMIN_API_ORIGIN must be an http:\/\/ or https:\/\/ origin without a path/],
    ["SHOPIFY_ADMIN_API_ORIGIN", "http://127.0.0.1:4000/admin", /^SHOPIFY_ADMIN_API_ORIGIN must be an http/],
    ["SCOPES", "read orders", /^SCOPES must be a comma-separated list of access scopes/],
    ["SCOPES", ",,", /^SCOPES must be a comma-separated list/],
    ["SVC_PGLITE_PORT_IN_PRODUCTION", "yes", /^SVC_PGLITE_PORT_IN_PRODUCTION must be 1 \(serve the embedded database/],
    ["SVC_DEMO", "maybe", /^SVC_DEMO must be 1 \(the local demo\) or 0 \(got "maybe"\)$/],
    ["SVC_COUNTRY_HEADER", "cf country", /^SVC_COUNTRY_HEADER must be an HTTP header name/],
    ["SVC_TRUST_PROXY", "yes", /^SVC_TRUST_PROXY must be 1 \(behind a reverse proxy\) or 0 \(got "yes"\)$/],
    ["SVC_RATE_LIMITS", "sometimes", /^SVC_RATE_LIMITS must be on or off \(got "sometimes"\)$/],
    ["SVC_PREPARED_STATEMENTS", "yes", /^SVC_PREPARED_STATEMENTS must be on or off \(got "yes"\)$/],
    ["SVC_WRITERS", "0", /^SVC_WRITERS must be/],
    ["SVC_WRITERS", "9", /^SVC_WRITERS must be/],
    ["SVC_HEADERS_TIMEOUT_MS", "5s", /^SVC_HEADERS_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000 \(got "5s"\)$/],
    ["SVC_BODY_TIMEOUT_MS", "10", /^SVC_BODY_TIMEOUT_MS must be a whole number of milliseconds from 100 to 3600000 \(got "10"\)$/],
    ["SVC_MAX_CONNECTIONS", "0", /^SVC_MAX_CONNECTIONS must be a whole number of connections from 1 to 1000000 \(got "0"\)$/],
    ["REDIS_URL", "http://:hunter2@cache:6379", /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL .*\(got "http:…"\)$/],
    ["SVC_REDIS_PREFIX", "two words", /^SVC_REDIS_PREFIX must be 1 to 64 printable characters/],
    ["SVC_MISUSE_POLICY", "minVisitors=lots", /^SVC_MISUSE_POLICY must be comma-separated name=number pairs/],
    ["SVC_MISUSE_POLICY", "maxVisitors=5", /^SVC_MISUSE_POLICY must be comma-separated/],
    ["SVC_MISUSE_POLICY", "minVisitors=0", /^SVC_MISUSE_POLICY is out of range: minVisitors must be/],
    ["SVC_SMTP_URL", "http://:hunter2@mail:25", /^SVC_SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL.*\(got "http:…"\)$/],
    ["SVC_MAIL_FROM", "not an address", /^SVC_MAIL_FROM must be an address/],
  ])("names %s when it is %j", (variable, value, message) => {
    const error = configError({ ...CREDENTIALS, [variable]: value });
    expect(error.variables).toEqual([variable]);
    expect(error.message).toMatch(message);
  });

  it("never repeats a password or a credential", () => {
    const error = configError({ SHOPIFY_API_KEY: "key-123", DATABASE_URL: "mysql://root:hunter2@db/svc" });
    expect(error.variables).toEqual(["DATABASE_URL", "SHOPIFY_API_SECRET"]);
    expect(error.message).not.toMatch(/hunter2|key-123/);
  });

  it("reports every problem at once, on one line", () => {
    const error = configError({ PORT: "abc", SVC_RATE_LIMITS: "maybe" });
    expect(error.variables).toEqual(["PORT", "SVC_RATE_LIMITS", "SHOPIFY_API_KEY", "SHOPIFY_API_SECRET"]);
    expect(error.message.split("; ")).toHaveLength(3);
    expect(error.message).not.toContain("\n");
  });

  it("does not ask for credentials when SVC_DEMO itself is invalid", () => {
    expect(configError({ SVC_DEMO: "yes" }).variables).toEqual(["SVC_DEMO"]);
  });
});

describe("readDatabaseEnv", () => {
  it("needs only the database settings", () => {
    expect(readDatabaseEnv({ PORT: "abc", SVC_DATA_DIR: "/tmp/x" })).toEqual({ databaseUrl: null, dataDir: "/tmp/x", preparedStatements: true, writers: null });
  });

  it("rejects a DATABASE_URL that is not PostgreSQL", () => {
    expect(() => readDatabaseEnv({ DATABASE_URL: "sqlite:./db" })).toThrow(ConfigError);
  });
});

describe("appEnv", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("prints one line and exits with status 1 when the configuration is incomplete", () => {
    for (const name of ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET", "SVC_DEMO"]) vi.stubEnv(name, undefined);
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(process, "exit").mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    expect(() => appEnv()).toThrow("exit 1");
    expect(printed.mock.calls).toEqual([
      [expect.stringMatching(/^\[svc\] configuration error: SHOPIFY_API_KEY and SHOPIFY_API_SECRET are not set \(.*SVC_DEMO=1\)$/)],
    ]);
  });
});

describe("readPreviewKey", () => {
  const random = (n: number) => Buffer.alloc(n, 7);

  it("derives the key from the app secret, never using the secret itself", () => {
    const { key, perProcess } = readPreviewKey({ SHOPIFY_API_SECRET: "secret" }, random);
    expect(perProcess).toBe(false);
    expect(key).toEqual(readPreviewKey({ SHOPIFY_API_SECRET: "secret" }, random).key);
    expect(key).not.toEqual(readPreviewKey({ SHOPIFY_API_SECRET: "other" }, random).key);
    expect(key.toString("utf8")).not.toContain("secret");
  });

  it("prefers SVC_PREVIEW_SECRET, so instances without Shopify credentials can share links", () => {
    const own = "p".repeat(32);
    expect(readPreviewKey({ SHOPIFY_API_SECRET: "secret", SVC_PREVIEW_SECRET: own }, random).key).toEqual(
      readPreviewKey({ SVC_PREVIEW_SECRET: own }, random).key,
    );
  });

  it("is random per process when no secret is set (the demo's stand-in secret is public)", () => {
    expect(readPreviewKey({ SVC_DEMO: "1" }, random)).toEqual({ key: Buffer.alloc(32, 7), perProcess: true });
  });

  it("refuses a short SVC_PREVIEW_SECRET without printing it", () => {
    expect(configError({ SVC_DEMO: "1", SVC_PREVIEW_SECRET: "short-secret" }).message).toBe(
      "SVC_PREVIEW_SECRET must be at least 32 characters (a random string)",
    );
    expect(() => readPreviewKey({ SVC_PREVIEW_SECRET: "short-secret" })).toThrow(ConfigError);
  });
});
