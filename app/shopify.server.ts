// The Shopify app: configuration, authentication of admin requests and webhooks, and the shop's Admin API
// handed out to services (in the local demo, the demo's stand-in where it answers).
import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, shopifyApp, type AdminGraphqlClient } from "@shopify/shopify-app-remix/server";
import { GraphqlQueryError } from "@shopify/shopify-api";
import { abstractFetch, setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import type { AppLoadContext } from "@remix-run/node";
import { prisma } from "~/db.server";
import { adminApiUrlAt } from "~/domain/shopify/admin-api-origin";
import { appEnv } from "~/env.server";
import { demoAdminShop } from "~/http/web/demo-door.server";
import { PrismaSessionStorage } from "~/models/shopify/session.server";
import type { AdminGraphql, GraphqlError } from "~/infra/admin-graphql";
import { recordInstall } from "~/services/shopify/shop-install.server";
import { noteStaffVisit } from "~/services/admin/staff-visits.server";
import { clientAddress } from "~/http/client-address";

// The server build's first read of the configuration, at load: a missing or bad setting ends the process
// here with one line (see appEnv), before shopifyApp() would throw on empty credentials.
const env = appEnv();

if (env.shopify.adminApiOrigin) sendAdminApiRequestsTo(env.shopify.adminApiOrigin);

/**
 * Installs running in afterAuth, by shop. A page's loaders authenticate at once; the library runs afterAuth
 * in the first that finds no session and lets the others go on without waiting (it dedupes the hook per
 * session token, synchronously). Those wait here, so no loader reads the shop before it is recorded.
 */
const installing = new Map<string, Promise<unknown>>();

const shopify = shopifyApp({
  apiKey: env.shopify.apiKey,
  apiSecretKey: env.shopify.apiSecretKey,
  apiVersion: ApiVersion.July26,
  scopes: env.shopify.scopes,
  appUrl: env.shopify.appUrl,
  authPathPrefix: "/auth",
  sessionStorage: new PrismaSessionStorage(prisma),
  distribution: AppDistribution.AppStore,
  future: { unstable_newEmbeddedAuthStrategy: true, expiringOfflineAccessTokens: true },
  hooks: {
    // Runs whenever the library makes a new session: install, reinstall, or a token that expired.
    afterAuth: async ({ session, admin }) => {
      // Registered before the first await: see `installing`.
      const install = recordInstall(session.shop, adminGraphql(admin.graphql), env.shopify.appUrl);
      installing.set(session.shop, install);
      try {
        await install;
      } catch (error) {
        // The library answers a bare 500 for an error here; the log is where the reason shows.
        console.error(`[svc] install of ${session.shop} failed: ${failureReason(error)}`);
        throw error;
      } finally {
        if (installing.get(session.shop) === install) installing.delete(session.shop);
      }
    },
  },
});

export default shopify;
export const apiVersion = ApiVersion.July26;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
export const sessionStorage = shopify.sessionStorage;

export interface AdminIdentity {
  /** The shop's .myshopify.com domain. */
  shop: string;
  /** True when served by the local demo (no Shopify session, no App Bridge). */
  demo: boolean;
  /** The shop's Admin API (GraphQL) for this request; null in the demo, which has no Shopify to ask. */
  admin: AdminGraphql | null;
  /**
   * The Admin API for the reads shown beside svc's own figures (the shop's rollouts, its unit costs): the
   * shop's, or in the demo its stand-in (see `installAdminApiStandIn`), which answers those reads only.
   */
  adminReads: AdminGraphql | null;
}

/**
 * Authenticates an admin request. In demo mode a direct loopback request is the demo shop and any other is
 * refused (app/http/web/demo-door.server.ts); otherwise it goes through Shopify, which throws a redirect or an
 * error response when there is no session.
 */
export async function authenticateAdmin(request: Request, context: AppLoadContext): Promise<AdminIdentity> {
  const demoShop = demoAdminShop(request, context);
  if (demoShop) {
    void noteStaffVisit(demoShop, context.clientAddress);
    return { shop: demoShop, demo: true, admin: null, adminReads: standIn };
  }
  const { session, admin } = await shopify.authenticate.admin(request);
  // A failed install already fails the loader that ran it; this one only waits for it.
  await installing.get(session.shop)?.catch(() => {});
  void noteStaffVisit(session.shop, clientAddress(request.headers.get("x-forwarded-for") ?? undefined, context.clientAddress, env.trustProxy));
  const graphql = adminGraphql(admin.graphql);
  return { shop: session.shop, demo: false, admin: graphql, adminReads: graphql };
}

/**
 * The local demo's stand-in of the Admin API (app/demo/admin-api.server.ts), installed by the demo's start:
 * handed out for the reads beside svc's figures where a shop's Admin API would be, so no route or service
 * tells the demo apart. Writes and every other read still find no Admin API in the demo (null), as before.
 */
let standIn: AdminGraphql | null = null;

export function installAdminApiStandIn(graphql: AdminGraphql): void {
  standIn = graphql;
}

/**
 * Routes every request the Shopify library makes to a shop's Admin API (token exchange, GraphQL, REST)
 * to a stand-in at `origin` (SHOPIFY_ADMIN_API_ORIGIN: tests only). The library sends all of them through
 * its abstract fetch, which the adapter imported above has set; this wraps that one.
 */
function sendAdminApiRequestsTo(origin: string): void {
  const send = abstractFetch;
  setAbstractFetchFunc((input, init) => {
    if (input instanceof Request) return send(new Request(adminApiUrlAt(origin, input.url), input), init);
    return send(adminApiUrlAt(origin, input instanceof URL ? input.href : input), init);
  });
}

/**
 * The library's Admin GraphQL client as services use it (infra/admin-graphql.ts): GraphQL errors come
 * back as data (the library throws them), so a service can tell a missing web pixel from a failure.
 * Transport and HTTP failures still throw.
 */
function adminGraphql(client: AdminGraphqlClient): AdminGraphql {
  return async (query, variables) => {
    try {
      const response = await client(query, { variables });
      const body = (await response.json()) as { data?: Record<string, unknown> | null };
      return { data: body.data ?? null, errors: [] };
    } catch (error) {
      if (!(error instanceof GraphqlQueryError)) throw error;
      const body = error.body as { data?: Record<string, unknown> | null; errors?: { graphQLErrors?: GraphqlError[] } } | undefined;
      const errors = body?.errors?.graphQLErrors;
      return { data: body?.data ?? null, errors: errors?.length ? errors : [{ message: error.message }] };
    }
  };
}

/**
 * A shop's Admin API from its offline session, for work outside any request (the schedule job keeping the
 * hide plan in step); null in the demo, or when the shop has no usable session.
 */
export async function offlineAdmin(shop: string): Promise<AdminGraphql | null> {
  if (env.demo) return null;
  try {
    const { admin } = await shopify.unauthenticated.admin(shop);
    return adminGraphql(admin.graphql);
  } catch (error) {
    console.error(`[svc] no offline Admin API session for ${shop}: ${failureReason(error)}`);
    return null;
  }
}

/** offlineAdmin for the reads beside svc's figures (an order's unit costs): in the demo, its stand-in. */
export async function offlineAdminReads(shop: string): Promise<AdminGraphql | null> {
  return env.demo ? standIn : offlineAdmin(shop);
}

/** A thrown error's message; the library throws a Response when the Admin API answered an HTTP error. */
function failureReason(error: unknown): string {
  if (error instanceof Response) return `the Admin API answered ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

/** The app as Shopify knows it: its API key, which App Bridge needs on every admin page. */
export function appIdentity(): { apiKey: string } {
  return { apiKey: env.shopify.apiKey };
}

/** The server runs as the local demo (SVC_DEMO): whatever the request. */
export function isDemoMode(): boolean {
  return env.demo;
}
