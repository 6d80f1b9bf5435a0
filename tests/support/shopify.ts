// Shopify as tests stand in for it, by its documented wire formats only: a non-demo server whose Admin API
// requests go to the fake (tests/support/fake-shopify-admin.ts), admin requests carrying a session token
// (HS256 JWT signed with the app secret), and webhooks signed with the app secret (HMAC-SHA256, base64).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import type { SqlRunner } from "~/db/connection.server";
import { sendWebhook as sendSignedWebhook } from "~/demo/shopify-webhook-client.server";
import { createTestDatabase, withDatabase, type TestDatabase } from "./databases";
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from "./fake-shopify-admin";
import { SHOPIFY_TEST_ENV, servedPglite, startServer, type RunningServer } from "./server";

export const APP = {
  apiKey: SHOPIFY_TEST_ENV.SHOPIFY_API_KEY,
  apiSecretKey: SHOPIFY_TEST_ENV.SHOPIFY_API_SECRET,
  appUrl: SHOPIFY_TEST_ENV.SHOPIFY_APP_URL,
};

// Shopify's library answers 410 to anything that looks like a bot, as Node's fetch does by default.
export const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36" };

export interface ShopifyFixture {
  readonly server: RunningServer;
  readonly db: TestDatabase;
  readonly admin: FakeShopifyAdmin;
  /**
   * Runs `fn` on the app's database while the server runs. PGlite admits one process per folder, so there
   * the server serves its database to this process over PostgreSQL's protocol (SVC_PGLITE_PORT), on the
   * same single session as the app's own statements, one turn at a time.
   */
  sql<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /** Stops the server and starts it again on the same database (on a new port: read `server.url` afterwards). */
  restart(): Promise<void>;
}

/** A fresh database, the fake Admin API and a non-demo server using both, for the enclosing describe block. */
export function useShopifyServer(kind: "pglite" | "postgres", env: Record<string, string | undefined> = {}): ShopifyFixture {
  const state = {} as { server: RunningServer; db: TestDatabase; admin: FakeShopifyAdmin };
  const start = () =>
    startServer({
      env: {
        ...state.db.env,
        ...(state.db.kind === "pglite" ? { SVC_PGLITE_PORT: "0", SVC_PGLITE_PORT_IN_PRODUCTION: "1" } : {}),
        ...SHOPIFY_TEST_ENV,
        SHOPIFY_ADMIN_API_ORIGIN: state.admin.origin,
        ...env,
      },
    });
  beforeAll(async () => {
    // Shopify grants what the app asks for: the SCOPES a test gives the server, else the app's default.
    state.admin = await startFakeShopifyAdmin({ ...APP, scopes: env.SCOPES ?? "read_orders,read_themes,write_pixels,read_customer_events,read_rollouts,read_products,write_discounts" });
    state.db = await createTestDatabase(kind, { migrated: true });
    state.server = await start();
  });
  afterAll(async () => {
    await state.server?.stop();
    await state.db?.drop();
    await state.admin?.close();
  });
  return {
    get server() {
      return state.server;
    },
    get db() {
      return state.db;
    },
    get admin() {
      return state.admin;
    },
    sql(fn) {
      return withDatabase(state.db.kind === "pglite" ? servedPglite(state.db, state.server) : state.db, fn);
    },
    async restart() {
      await state.server.stop();
      state.server = await start();
    },
  };
}

/** A session token for `shop`, new each time (its own jti), as App Bridge sends it. */
export async function sessionToken(shop: string): Promise<string> {
  const { token } = await getJwt(shop.replace(/\.myshopify\.com$/, ""), APP.apiKey, APP.apiSecretKey, { jti: randomUUID() });
  return token;
}

/** An admin request as App Bridge's fetch sends it: a Bearer session token. */
export async function adminFetch(baseUrl: string, shop: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { ...BROWSER, ...init.headers, Authorization: `Bearer ${await sessionToken(shop)}` },
    redirect: "manual",
  });
}

/** A webhook delivery as Shopify sends it, signed with `secret` (the app's, unless forging). */
export function sendWebhook(baseUrl: string, topic: string, shop: string, payload: unknown, secret: string = APP.apiSecretKey): Promise<Response> {
  return sendSignedWebhook(baseUrl, topic, payload, { shop, secret });
}
