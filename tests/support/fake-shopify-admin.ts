// A local stand-in for Shopify's Admin API in Shopify's documented wire format, for tests: the token
// exchange (POST /{shop}/admin/oauth/access_token) and GraphQL (POST /{shop}/admin/api/{version}/graphql.json)
// for the operations svc sends. The app reaches it through SHOPIFY_ADMIN_API_ORIGIN, which rewrites
// https://{shop}/admin/… to {origin}/{shop}/admin/…. It keeps each shop's state and records every call.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeTheme {
  id: string;
  name: string;
  role: "MAIN" | "UNPUBLISHED" | "DEVELOPMENT";
  /** File name → text content (config/settings_data.json, …). */
  files: Record<string, string>;
}

/** A Rollout as the documented 2026-10 shape has it; each treatment's changes by type (a theme change names its theme). */
export interface FakeRollout {
  id: string;
  name: string;
  status: "DRAFT" | "SCHEDULED" | "ACTIVE" | "PAUSED" | "CONCLUDED" | "ARCHIVED";
  trafficAllocation: number;
  effectiveTrafficAllocation: number;
  treatments: Array<{ split: number; changes: Array<{ __typename: string; theme?: { id: string; name: string }; discount?: { id: string } | null }> }>;
}

export interface FakeMetafield {
  namespace: string;
  key: string;
  type: string;
  value: string;
}

/** An automatic app discount as discountAutomaticAppCreate made it (the fields svc sets), with its metafields by `namespace.key`. */
export interface FakeAppDiscount {
  title: string;
  functionHandle: string;
  discountClasses: string[];
  combinesWith: Record<string, unknown>;
  appliesOnSubscription: boolean;
  appliesOnOneTimePurchase: boolean;
  startsAt: string | null;
  metafields: Map<string, FakeMetafield>;
}

/** A product variant: its inventory item's unitCost (null: no cost entered); its product and prices, when a test sets them. */
export interface FakeVariant {
  unitCost: { amount: string; currencyCode: string } | null;
  productId?: string;
  /** Money as Shopify answers it, a decimal string. */
  price?: string;
  compareAtPrice?: string | null;
}

export interface FakeShop {
  name: string;
  currencyCode: string;
  /** Shopify's shop.ianaTimezone. */
  ianaTimezone: string;
  /** The app's AppInstallation on this shop, owner of the app-data metafields. */
  installationId: string;
  /** App-data metafields of the installation, by `namespace.key`. */
  metafields: Map<string, FakeMetafield>;
  /** The app's web pixel; settings as Shopify returns them (a JSON string). */
  webPixel: { id: string; settings: string } | null;
  themes: FakeTheme[];
  /** The shop's Shopify Rollouts, as the rollouts query answers them (Admin API 2026-10). */
  rollouts: FakeRollout[];
  /**
   * Product variants by GID, each with its inventory item's unitCost (null: no cost entered), as
   * `nodes(ids:)` answers them; an id not here names nothing (null node).
   */
  variants: Map<string, FakeVariant>;
  /**
   * Products by GID with the collections they are in, as `nodes(ids:)` answers a Product's `inCollection(id:)` under
   * each alias the query gives it; a product id not here names nothing (null node).
   */
  products: Map<string, { collections: string[] }>;
  /** Collection GIDs of the shop besides those its products are in, as `nodes(ids:)` answers a Collection. */
  collections: Set<string>;
  /** Optional scopes (shopify.app.toml's optional_scopes) the merchant granted on this shop; none at first. */
  grantedOptionalScopes: string[];
  /** The automatic app discounts this app created, by DiscountAutomaticNode GID. */
  discounts: Map<string, FakeAppDiscount>;
  /** Active automatic discounts of the merchant and other apps: with the app's own, at most 25 (Shopify's limit). */
  otherAutomaticDiscounts: number;
  /** Some of them by name, as automaticDiscountNodes lists them (app: the app that made it; none: the merchant's own). */
  otherDiscounts: Array<{ title: string; app?: string }>;
  /** Lifetime of the offline tokens it issues; under 5 minutes, the library exchanges a new one on every request. */
  tokenLifetimeSeconds: number;
  /** When set, GraphQL requests for this shop answer this HTTP status (an outage). */
  failGraphqlWith: number | null;
  /** GraphQL requests for this shop are answered this many milliseconds late (a slow Admin API). */
  graphqlDelayMs: number;
  /**
   * How a query asking for `webPixel` is answered when the app has none: Shopify reports an error on that
   * field. By default the other fields' data comes with it; true drops all data, as some reports describe.
   */
  missingPixelDropsData: boolean;
  /** Mutations to refuse with this user error message (metafieldsSet, webPixelCreate, webPixelUpdate). */
  refuse: Partial<Record<string, string>>;
}

export interface AdminCall {
  shop: string;
  kind: "token" | "graphql";
  /** For GraphQL, the API version in the path. */
  apiVersion?: string;
  /** Root fields of the GraphQL operation (["shop", "currentAppInstallation", "webPixel"], ["metafieldsSet"]). */
  fields: string[];
  query: string;
  variables: Record<string, unknown>;
  /** The JSON body it sent (token requests: without the client secret). */
  body: unknown;
  status: number;
}

export interface FakeShopifyAdmin {
  /** What SHOPIFY_ADMIN_API_ORIGIN is set to. */
  origin: string;
  /** The shop's state, created with defaults on first use. */
  shop(domain: string): FakeShop;
  /** Every request answered, in order. */
  readonly calls: AdminCall[];
  /** The GraphQL calls of a shop whose operation has this root field. */
  callsTo(shop: string, field: string): AdminCall[];
  close(): Promise<void>;
}

export interface FakeApp {
  apiKey: string;
  apiSecretKey: string;
  /** Scopes granted on token exchange. */
  scopes: string;
  /** The keys the app's web pixel extension declares in its settings definition (shopify.extension.toml). */
  pixelSettingKeys?: string[];
}

const TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";
const PATH = /^\/([a-z0-9][a-z0-9.-]*)\/admin\/(oauth\/access_token|api\/([0-9]{4}-[0-9]{2}|unstable)\/graphql\.json)$/;

export function defaultSettingsData(blocks: Record<string, unknown> = {}): string {
  return JSON.stringify({ current: { blocks }, presets: {} }, null, 2);
}

export async function startFakeShopifyAdmin(app: FakeApp): Promise<FakeShopifyAdmin> {
  const shops = new Map<string, FakeShop>();
  const tokens = new Map<string, { shop: string; expiresAt: number }>();
  const refreshTokens = new Map<string, string>();
  const calls: AdminCall[] = [];
  const { queries, mutations } = resolvers(app.pixelSettingKeys ?? ["siteId", "baseUrl"], app.scopes.split(","));
  let serial = 0;

  const shop = (domain: string): FakeShop => {
    let state = shops.get(domain);
    if (!state) {
      serial += 1;
      state = {
        name: domain.replace(/\.myshopify\.com$/, "").replace(/-/g, " "),
        currencyCode: "USD",
        ianaTimezone: "America/New_York",
        installationId: `gid://shopify/AppInstallation/${1000 + serial}`,
        metafields: new Map(),
        webPixel: null,
        rollouts: [],
        variants: new Map(),
        products: new Map(),
        collections: new Set(),
        grantedOptionalScopes: [],
        discounts: new Map(),
        otherAutomaticDiscounts: 0,
        otherDiscounts: [],
        themes: [{ id: `gid://shopify/OnlineStoreTheme/${2000 + serial}`, name: "Dawn", role: "MAIN", files: { "config/settings_data.json": defaultSettingsData() } }],
        tokenLifetimeSeconds: 3600,
        failGraphqlWith: null,
        graphqlDelayMs: 0,
        missingPixelDropsData: false,
        refuse: {},
      };
      shops.set(domain, state);
    }
    return state;
  };

  function issueToken(domain: string) {
    const state = shop(domain);
    const access = `shpat_${randomBytes(16).toString("hex")}`;
    const refresh = `shprt_${randomBytes(16).toString("hex")}`;
    tokens.set(access, { shop: domain, expiresAt: Date.now() + state.tokenLifetimeSeconds * 1000 });
    refreshTokens.set(refresh, domain);
    return {
      access_token: access,
      scope: app.scopes,
      expires_in: state.tokenLifetimeSeconds,
      refresh_token: refresh,
      refresh_token_expires_in: 90 * 24 * 3600,
    };
  }

  /** The session token's claims if it is an HS256 JWT signed with the app secret for this shop and app. */
  function verifySessionToken(token: unknown, domain: string): string | null {
    if (typeof token !== "string") return "subject_token is missing";
    const [header, payload, signature] = token.split(".");
    if (!header || !payload || !signature) return "subject_token is not a JWT";
    const expected = createHmac("sha256", app.apiSecretKey).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "subject_token signature is invalid";
    let claims: Record<string, unknown>;
    try {
      claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    } catch {
      return "subject_token is not a JWT";
    }
    if (claims.dest !== `https://${domain}`) return "subject_token is for another shop";
    if (claims.aud !== app.apiKey) return "subject_token is for another app";
    if (typeof claims.exp !== "number" || claims.exp * 1000 < Date.now()) return "subject_token has expired";
    return null;
  }

  function answerToken(domain: string, body: Record<string, unknown>): [number, unknown] {
    if (body.client_id !== app.apiKey || body.client_secret !== app.apiSecretKey) {
      return [401, { error: "invalid_client", error_description: "Client authentication failed" }];
    }
    if (body.grant_type === TOKEN_EXCHANGE) {
      if (body.subject_token_type !== ID_TOKEN) return [400, { error: "invalid_request", error_description: "subject_token_type" }];
      const problem = verifySessionToken(body.subject_token, domain);
      if (problem) return [400, { error: "invalid_subject_token", error_description: problem }];
      return [200, issueToken(domain)];
    }
    if (body.grant_type === "refresh_token") {
      const owner = refreshTokens.get(String(body.refresh_token));
      if (owner !== domain) return [400, { error: "invalid_grant", error_description: "refresh_token is invalid" }];
      refreshTokens.delete(String(body.refresh_token));
      return [200, issueToken(domain)];
    }
    return [400, { error: "unsupported_grant_type" }];
  }

  function answerGraphql(domain: string, token: string | undefined, query: string, variables: Record<string, unknown>): [number, unknown] {
    const issued = token ? tokens.get(token) : undefined;
    if (!issued || issued.shop !== domain || issued.expiresAt < Date.now()) {
      return [401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" }];
    }
    const state = shop(domain);
    if (state.failGraphqlWith) return [state.failGraphqlWith, { errors: "Internal error" }];
    const { operation, fields } = rootFields(query);
    const data: Record<string, unknown> = {};
    const errors: Array<Record<string, unknown>> = [];
    for (const field of fields) {
      const resolve = operation === "mutation" ? mutations[field] : queries[field];
      const refusal = operation === "mutation" ? state.refuse[field] : undefined;
      if (resolve && refusal) {
        data[field] = { userErrors: [{ field: null, message: refusal, code: "INVALID" }] };
        continue;
      }
      if (!resolve) {
        errors.push({ message: `Field '${field}' doesn't exist on type '${operation === "mutation" ? "Mutation" : "QueryRoot"}'`, path: [field] });
        continue;
      }
      const result = resolve(state, query, variables);
      data[field] = result.value;
      if (result.error) errors.push({ ...result.error, path: [field] });
    }
    if (errors.length === 0) return [200, { data }];
    if (errors.some((e) => e.path && (e as { path: string[] }).path[0] === "webPixel") && state.missingPixelDropsData) {
      return [200, { errors }];
    }
    return [200, { data, errors }];
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ errors: String(error) }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const match = PATH.exec(url.pathname);
    const text = await readBody(req);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
      return status;
    };
    if (!match || req.method !== "POST") {
      send(404, { errors: "Not Found" });
      return;
    }
    const domain = match[1] as string;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      send(400, { errors: "body is not JSON" });
      return;
    }
    if (match[2] === "oauth/access_token") {
      const [status, answer] = answerToken(domain, body);
      const { client_secret: _secret, ...shown } = body;
      calls.push({ shop: domain, kind: "token", fields: [], query: "", variables: {}, body: shown, status: send(status, answer) });
      return;
    }
    const query = typeof body.query === "string" ? body.query : "";
    const variables = (body.variables ?? {}) as Record<string, unknown>;
    const token = req.headers["x-shopify-access-token"];
    const delay = shop(domain).graphqlDelayMs;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const [status, answer] = answerGraphql(domain, typeof token === "string" ? token : undefined, query, variables);
    calls.push({
      shop: domain,
      kind: "graphql",
      apiVersion: match[3],
      fields: rootFields(query).fields,
      query,
      variables,
      body,
      status: send(status, answer),
    });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    shop,
    calls,
    callsTo: (domain, field) => calls.filter((c) => c.shop === domain && c.kind === "graphql" && c.fields.includes(field)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

interface Resolved {
  value: unknown;
  error?: { message: string; extensions?: Record<string, unknown> };
}
type Resolver = (shop: FakeShop, query: string, variables: Record<string, unknown>) => Resolved;

const METAFIELD_TYPES = new Set(["single_line_text_field", "multi_line_text_field", "json", "boolean", "number_integer", "url"]);

/**
 * The root fields it answers, each from the shop's state. Arguments come from the variables, or from the
 * literal in the query text where svc writes them inline (namespace, roles, filenames). `pixelKeys` are the
 * settings the app's web pixel extension declares: Shopify refuses settings that do not match them.
 */
function resolvers(pixelKeys: string[], appScopes: string[]): { queries: Record<string, Resolver>; mutations: Record<string, Resolver> } {
  const queries: Record<string, Resolver> = {
    shop: (s) => ({ value: { name: s.name, currencyCode: s.currencyCode, ianaTimezone: s.ianaTimezone } }),
    currentAppInstallation: (s, query) => {
      const namespace = /metafields\s*\([^)]*namespace:\s*"([^"]*)"/.exec(query)?.[1];
      const nodes = [...s.metafields.values()]
        .filter((m) => namespace === undefined || m.namespace === namespace)
        .map((m) => ({ namespace: m.namespace, key: m.key, type: m.type, value: m.value }));
      // accessScopes: the app's required scopes and the optional ones granted on this shop.
      return { value: { id: s.installationId, metafields: { nodes }, accessScopes: [...appScopes, ...s.grantedOptionalScopes].map((handle) => ({ handle })) } };
    },
    webPixel: (s) =>
      s.webPixel
        ? { value: { id: s.webPixel.id, settings: s.webPixel.settings } }
        : { value: null, error: { message: "No web pixel was found for this app.", extensions: { code: "RESOURCE_NOT_FOUND" } } },
    themes: (s, query) => {
      const roles = /themes\s*\([^)]*roles:\s*\[([A-Z_,\s]*)\]/.exec(query)?.[1]?.split(/[\s,]+/).filter(Boolean);
      const first = Number(/themes\s*\([^)]*first:\s*(\d+)/.exec(query)?.[1] ?? 50);
      const nodes = s.themes.filter((t) => !roles || roles.includes(t.role)).slice(0, first);
      return { value: { nodes: nodes.map((t) => ({ id: t.id, name: t.name, role: t.role })) } };
    },
    // Apps without read_rollouts get Shopify's access-denied error on the field.
    rollouts: (s) =>
      appScopes.includes("read_rollouts")
        ? { value: { nodes: s.rollouts.map((r) => ({ ...r, treatments: r.treatments.map((t) => ({ split: t.split, changes: { nodes: t.changes } })) })) } }
        : { value: null, error: { message: "Access denied for rollouts field. Required access: `read_rollouts` access scope.", extensions: { code: "ACCESS_DENIED" } } },
    // Product variants and their inventory item (its unit cost included) need read_products, as Shopify
    // has allowed since January 2025 (changelog "InventoryItem queryable and updatable with products scopes").
    nodes: (s, query, variables) => {
      if (!appScopes.includes("read_products")) {
        return { value: null, error: { message: "Access denied for nodes field. Required access: `read_products` access scope.", extensions: { code: "ACCESS_DENIED" } } };
      }
      const ids = Array.isArray(variables.ids) ? (variables.ids as unknown[]) : [];
      if (ids.length > 250) return { value: null, error: { message: "The maximum number of ids is 250", extensions: { code: "MAX_INPUT_SIZE_EXCEEDED" } } };
      return {
        value: ids.map((id) => {
          const product = typeof id === "string" ? s.products.get(id) : undefined;
          if (product) {
            // `alias: inCollection(id: $variable)`, each answered from the product's collections.
            const asked = [...query.matchAll(/(\w+)\s*:\s*inCollection\(\s*id:\s*\$(\w+)\s*\)/g)];
            return { id, ...Object.fromEntries(asked.map(([, alias, name]) => [alias, product.collections.includes(variables[name!] as string)])) };
          }
          // A collection of the shop: one listed, or one a product is in.
          if (typeof id === "string" && id.startsWith("gid://shopify/Collection/")) {
            return s.collections.has(id) || [...s.products.values()].some((p) => p.collections.includes(id)) ? { id } : null;
          }
          const variant = typeof id === "string" ? s.variants.get(id) : undefined;
          if (!variant) return null;
          // Every field svc's queries select on a variant; a query reads only those it asked for.
          return {
            id, inventoryItem: { unitCost: variant.unitCost },
            ...(variant.price !== undefined && { price: variant.price, compareAtPrice: variant.compareAtPrice ?? null }),
            ...(variant.productId !== undefined && { product: { id: variant.productId } }),
          };
        }),
      };
    },
    automaticDiscountNode: (s, _query, variables) => {
      if (!appScopes.some((scope) => scope === "read_discounts" || scope === "write_discounts")) return accessDenied("automaticDiscountNode", "read_discounts");
      const discount = typeof variables.id === "string" ? s.discounts.get(variables.id) : undefined;
      if (!discount) return { value: null };
      // The metafields as svc's query asks for them, each under its alias (shard0: "offers", shard1: "offers-2"…,
      // shard4: the Function's input query variables).
      const shards = Object.fromEntries(
        ["offers", "offers-2", "offers-3", "offers-4", "offer-collections"].map((key, i) => {
          const m = discount.metafields.get(`$app.${key}`);
          return [`shard${i}`, m ? { value: m.value } : null];
        }),
      );
      return {
        value: {
          id: variables.id,
          ...shards,
          automaticDiscount: { __typename: "DiscountAutomaticApp", title: discount.title, status: "ACTIVE" },
        },
      };
    },
    automaticDiscountNodes: (s) => {
      if (!appScopes.some((scope) => scope === "read_discounts" || scope === "write_discounts")) return accessDenied("automaticDiscountNodes", "read_discounts");
      const own = [...s.discounts.entries()].map(([id, d]) => ({ id, automaticDiscount: { __typename: "DiscountAutomaticApp", title: d.title, appDiscountType: { app: { title: "svc" } } } }));
      const others = s.otherDiscounts.map((d, i) => ({
        id: `gid://shopify/DiscountAutomaticNode/${9000 + i}`,
        automaticDiscount: d.app
          ? { __typename: "DiscountAutomaticApp", title: d.title, appDiscountType: { app: { title: d.app } } }
          : { __typename: "DiscountAutomaticBasic", title: d.title },
      }));
      return { value: { nodes: [...own, ...others] } };
    },
    theme: (s, query, variables) => {
      const theme = s.themes.find((t) => t.id === variables.id);
      if (!theme) return { value: null };
      const names = [...(/filenames:\s*\[([^\]]*)\]/.exec(query)?.[1] ?? "").matchAll(/"([^"]*)"/g)].map((m) => m[1] as string);
      const first = Number(/files\s*\([^)]*first:\s*(\d+)/.exec(query)?.[1] ?? 50);
      // As documented for OnlineStoreTheme.files: a filename may use "*" for zero or more characters.
      const glob = (pattern: string) => new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
      const wanted = names.map(glob);
      const nodes = Object.keys(theme.files)
        .filter((name) => wanted.some((re) => re.test(name)))
        .slice(0, first)
        .map((name) => ({ filename: name, body: { __typename: "OnlineStoreThemeFileBodyText", content: theme.files[name] } }));
      return { value: { id: theme.id, name: theme.name, files: { nodes, userErrors: [] } } };
    },
  };

  const discountErrors = (input: Record<string, unknown>, creating: boolean) => {
    const errors: Array<{ field: string[]; message: string; code: string }> = [];
    const wrong = (field: string, message: string) => errors.push({ field: ["automaticAppDiscount", field], message, code: "INVALID" });
    if (creating || input.title !== undefined) if (typeof input.title !== "string" || input.title === "") wrong("title", "Title can't be blank");
    if (creating && input.functionHandle !== "svc-offers") wrong("functionHandle", "Function not found");
    if (creating && !(Array.isArray(input.discountClasses) && input.discountClasses.length > 0)) wrong("discountClasses", "Discount classes can't be blank");
    for (const m of Array.isArray(input.metafields) ? (input.metafields as Array<Record<string, unknown>>) : []) {
      if (m.type !== "json" || typeof m.value !== "string") wrong("metafields", "Metafield type or value is invalid");
      else if (Buffer.byteLength(m.value) > 10_000) wrong("metafields", "Value is too large for a Function to read");
    }
    return errors;
  };
  const withMetafields = (target: Map<string, FakeMetafield>, input: Record<string, unknown>) => {
    for (const m of Array.isArray(input.metafields) ? (input.metafields as Array<Record<string, unknown>>) : []) {
      target.set(`${String(m.namespace)}.${String(m.key)}`, { namespace: String(m.namespace), key: String(m.key), type: String(m.type), value: String(m.value) });
    }
  };
  const mutations: Record<string, Resolver> = {
    // Admin API 2026-10: a product's variants at once; write_products, required or granted as an optional scope.
    productVariantsBulkUpdate: (s, _query, variables) => {
      if (!appScopes.includes("write_products") && !s.grantedOptionalScopes.includes("write_products")) return accessDenied("productVariantsBulkUpdate", "write_products");
      const productId = variables.productId;
      const inputs = Array.isArray(variables.variants) ? (variables.variants as Array<Record<string, unknown>>) : [];
      const userErrors: Array<{ field: string[]; message: string; code: string }> = [];
      for (const [i, input] of inputs.entries()) {
        const variant = typeof input.id === "string" ? s.variants.get(input.id) : undefined;
        if (!variant || variant.productId !== productId) userErrors.push({ field: ["variants", String(i), "id"], message: "Product variant does not exist", code: "PRODUCT_VARIANT_DOES_NOT_EXIST" });
        else if (typeof input.price !== "string" || !/^\d+(\.\d+)?$/.test(input.price)) userErrors.push({ field: ["variants", String(i), "price"], message: "Price is invalid", code: "INVALID" });
      }
      if (userErrors.length > 0) return { value: { productVariants: null, userErrors } };
      const updated = inputs.map((input) => {
        const variant = s.variants.get(input.id as string)!;
        variant.price = input.price as string;
        return { id: input.id, price: variant.price };
      });
      return { value: { productVariants: updated, userErrors: [] } };
    },
    discountAutomaticAppCreate: (s, _query, variables) => {
      if (!appScopes.includes("write_discounts")) return accessDenied("discountAutomaticAppCreate", "write_discounts");
      const input = (variables.automaticAppDiscount ?? variables.discount ?? {}) as Record<string, unknown>;
      const userErrors = discountErrors(input, true);
      if (s.discounts.size + s.otherAutomaticDiscounts + s.otherDiscounts.length >= 25) {
        userErrors.push({ field: ["automaticAppDiscount"], message: "The shop can have at most 25 active automatic discounts", code: "MAX_AUTOMATIC_DISCOUNTS" });
      }
      if (userErrors.length > 0) return { value: { automaticAppDiscount: null, userErrors } };
      const id = `gid://shopify/DiscountAutomaticNode/${randomBytes(4).readUInt32BE()}`;
      const discount: FakeAppDiscount = {
        title: String(input.title),
        functionHandle: String(input.functionHandle),
        discountClasses: input.discountClasses as string[],
        combinesWith: (input.combinesWith ?? {}) as Record<string, unknown>,
        // Shopify's defaults when the input leaves them out.
        appliesOnSubscription: input.appliesOnSubscription === undefined ? true : Boolean(input.appliesOnSubscription),
        appliesOnOneTimePurchase: input.appliesOnOneTimePurchase === undefined ? true : Boolean(input.appliesOnOneTimePurchase),
        startsAt: typeof input.startsAt === "string" ? input.startsAt : null,
        metafields: new Map(),
      };
      withMetafields(discount.metafields, input);
      s.discounts.set(id, discount);
      return { value: { automaticAppDiscount: { discountId: id }, userErrors: [] } };
    },
    discountAutomaticAppUpdate: (s, _query, variables) => {
      if (!appScopes.includes("write_discounts")) return accessDenied("discountAutomaticAppUpdate", "write_discounts");
      const discount = typeof variables.id === "string" ? s.discounts.get(variables.id) : undefined;
      if (!discount) return { value: { automaticAppDiscount: null, userErrors: [{ field: ["id"], message: "Discount does not exist", code: "INVALID" }] } };
      const input = (variables.automaticAppDiscount ?? variables.discount ?? {}) as Record<string, unknown>;
      const userErrors = discountErrors(input, false);
      if (userErrors.length > 0) return { value: { automaticAppDiscount: null, userErrors } };
      if (typeof input.title === "string") discount.title = input.title;
      withMetafields(discount.metafields, input);
      return { value: { automaticAppDiscount: { discountId: variables.id }, userErrors: [] } };
    },
    discountAutomaticDelete: (s, _query, variables) => {
      if (!appScopes.includes("write_discounts")) return accessDenied("discountAutomaticDelete", "write_discounts");
      const id = typeof variables.id === "string" ? variables.id : "";
      if (!s.discounts.delete(id)) return { value: { deletedAutomaticDiscountId: null, userErrors: [{ field: ["id"], message: "Discount does not exist", code: "INVALID" }] } };
      return { value: { deletedAutomaticDiscountId: id, userErrors: [] } };
    },
    metafieldsSet: (s, _query, variables) => {
      const inputs = Array.isArray(variables.metafields) ? (variables.metafields as Array<Record<string, unknown>>) : [];
      const userErrors = inputs.flatMap((m, i) => metafieldInputErrors(s, m, i));
      if (inputs.length === 0) userErrors.push({ field: ["metafields"], message: "At least one metafield is required", code: "BLANK" });
      if (inputs.length > 25) userErrors.push({ field: ["metafields"], message: "Exceeds the maximum of 25 metafields", code: "LESS_THAN_OR_EQUAL_TO" });
      // Atomic, as documented: one invalid input and nothing is written.
      if (userErrors.length > 0) return { value: { metafields: null, userErrors } };
      const written = inputs.map((m) => {
        const row = { namespace: String(m.namespace), key: String(m.key), type: String(m.type), value: String(m.value) };
        s.metafields.set(`${row.namespace}.${row.key}`, row);
        return row;
      });
      return { value: { metafields: written, userErrors: [] } };
    },
    webPixelCreate: (s, _query, variables) => {
      const settings = pixelSettings(variables.webPixel, pixelKeys);
      if (s.webPixel) return { value: { webPixel: null, userErrors: [{ field: ["webPixel"], message: "Web pixel is taken", code: "TAKEN" }] } };
      if (typeof settings !== "string") return { value: { webPixel: null, userErrors: [settings] } };
      s.webPixel = { id: `gid://shopify/WebPixel/${randomBytes(4).readUInt32BE()}`, settings };
      return { value: { webPixel: { ...s.webPixel }, userErrors: [] } };
    },
    webPixelUpdate: (s, _query, variables) => {
      if (!s.webPixel || s.webPixel.id !== variables.id) {
        return { value: { webPixel: null, userErrors: [{ field: ["id"], message: "Web pixel not found", code: "NOT_FOUND" }] } };
      }
      const settings = pixelSettings(variables.webPixel, pixelKeys);
      if (typeof settings !== "string") return { value: { webPixel: null, userErrors: [settings] } };
      s.webPixel = { id: s.webPixel.id, settings };
      return { value: { webPixel: { ...s.webPixel }, userErrors: [] } };
    },
  };
  return { queries, mutations };
}

/** Shopify's answer to a field the app's scopes do not reach: null data and an ACCESS_DENIED error on it. */
function accessDenied(field: string, scope: string): Resolved {
  return { value: null, error: { message: `Access denied for ${field} field. Required access: \`${scope}\` access scope.`, extensions: { code: "ACCESS_DENIED" } } };
}

function metafieldInputErrors(s: FakeShop, m: Record<string, unknown>, i: number) {
  const errors: Array<{ field: Array<string | number>; message: string; code: string }> = [];
  if (m.ownerId !== s.installationId) errors.push({ field: ["metafields", i, "ownerId"], message: "Owner does not exist", code: "INVALID" });
  if (typeof m.namespace !== "string" || m.namespace.length < 3 || m.namespace.length > 255) {
    errors.push({ field: ["metafields", i, "namespace"], message: "Namespace must be 3 to 255 characters", code: "INVALID" });
  }
  if (typeof m.key !== "string" || m.key.length < 2 || m.key.length > 64) {
    errors.push({ field: ["metafields", i, "key"], message: "Key must be 2 to 64 characters", code: "INVALID" });
  }
  if (typeof m.type !== "string" || !METAFIELD_TYPES.has(m.type)) errors.push({ field: ["metafields", i, "type"], message: "Type is invalid", code: "INVALID_TYPE" });
  if (typeof m.value !== "string" || m.value === "") errors.push({ field: ["metafields", i, "value"], message: "Value can't be blank", code: "BLANK" });
  return errors;
}

/** The settings as stored (a JSON string), or the user error Shopify gives when they miss the definition. */
function pixelSettings(input: unknown, declared: string[]): string | { field: string[]; message: string; code: string } {
  const invalid = (message: string) => ({ field: ["webPixel", "settings"], message, code: "INVALID_SETTINGS" });
  const raw = (input as { settings?: unknown } | null)?.settings;
  let parsed: unknown;
  try {
    parsed = typeof raw === "string" ? JSON.parse(raw) : raw;
  } catch {
    return invalid("Settings are not valid JSON");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return invalid("Settings must be an object");
  const keys = Object.keys(parsed).sort();
  if (keys.join() !== [...declared].sort().join()) {
    return invalid(`Settings must have exactly the keys ${declared.join(", ")}`);
  }
  if (Object.values(parsed).some((v) => typeof v !== "string" || v === "")) return invalid("Every setting must be a non-empty string");
  return JSON.stringify(parsed);
}

/** The operation type and root field names of a GraphQL document (aliases resolved, arguments skipped). */
export function rootFields(query: string): { operation: "query" | "mutation"; fields: string[] } {
  const text = query.replace(/"(?:\\.|[^"\\])*"/g, '""').replace(/#[^\n]*/g, "");
  const operation = /^\s*mutation\b/.test(text) ? "mutation" : "query";
  const tokens = text.match(/[A-Za-z_][A-Za-z0-9_]*|[{}():]|\.\.\./g) ?? [];
  const fields: string[] = [];
  let depth = 0;
  let parens = 0;
  for (const [i, token] of tokens.entries()) {
    if (token === "(") parens += 1;
    else if (token === ")") parens -= 1;
    else if (parens > 0) continue;
    else if (token === "{") depth += 1;
    else if (token === "}") depth -= 1;
    else if (depth !== 1 || !/^[A-Za-z_]/.test(token) || tokens[i + 1] === ":") continue;
    else if (tokens[i - 1] === "..." || (tokens[i - 1] === "on" && tokens[i - 2] === "...")) continue;
    else fields.push(token);
  }
  return { operation, fields };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}
