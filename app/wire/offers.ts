// What svc's Discount Function reads (extensions/svc-offers): the shop's running offer, price and shipping tests
// as the app writes them to the discount's metafield, and the cart attribute that names the visitor.
import { ID_PATTERN } from "./limits";
import type { LocalPlan } from "./rules/local-plan";

/**
 * The cart attribute the snippet writes: the visitor id alone. The leading underscore keeps it out of the
 * checkout's and the order's shown attributes. No arm travels with it: the Function assigns the arm from the
 * visitor id by the storefront's own rule (localAssignments over the same plan), so an attribute a shopper edits
 * to name a cheaper arm buys nothing; a different visitor id is a new visitor, who sees and pays that visitor's arm.
 */
export const OFFER_ATTRIBUTE = "_svc_vid";

/** The metafield the app writes on the automatic discount, read by the Function ($app namespace: the app's own). */
export const OFFER_METAFIELD = { namespace: "$app", key: "offers" } as const;

/**
 * The configuration's metafields, in order (docs/offers.md, "Shards"): a Function reads at most 10,000 bytes of
 * one metafield, so a configuration past that continues in the next: the first holds the whole configuration but
 * some offers, each further one `{"v":1,"offers":…}` with more (a price offer's variants may be split across
 * shards). Every key is always written, unused ones EMPTY_SHARD, so that no earlier shard's offers linger.
 */
export const OFFER_SHARD_KEYS = [OFFER_METAFIELD.key, "offers-2", "offers-3", "offers-4"] as const;
export const EMPTY_SHARD = '{"v":1,"offers":{}}';

/**
 * Collections (docs/offers.md, "Collections"): a Function's input query cannot take ids from its configuration at run
 * time, only through input query variables, whose values Shopify reads from one JSON metafield of the discount
 * (shopify.extension.toml's `[extensions.input.variables]`). One discount serves every test of the shop, so the query
 * has fixed slots: variable `$c<i>` and, on each line's product, `c<i>: inAnyCollection(ids: $c<i>)`. The app gives
 * each distinct collection set of the running offers a slot (OfferConfig.cs lists them in slot order) and writes
 * every slot's ids, the unused ones `[]`, beside the shards.
 */
export const OFFER_COLLECTION_SLOTS = 8;
/** Collections one side of an offer may name (each a slot's `inAnyCollection` argument). */
export const MAX_OFFER_COLLECTIONS = 25;
export const OFFER_VARIABLES_KEY = "offer-collections";
/** Every metafield svc writes on its discount, in order: the configuration's shards, then the input query's variables. */
export const OFFER_METAFIELD_KEYS = [...OFFER_SHARD_KEYS, OFFER_VARIABLES_KEY] as const;
/** Slot `i`'s variable, and the alias its membership is answered under on a line's product. */
export const slotVariable = (i: number) => `c${i}`;

/** The variables metafield's value for the slots' collection sets (`cs`, in slot order): every slot said, unused ones []. */
export function offerVariables(cs: readonly (readonly string[])[] = []): string {
  return JSON.stringify(Object.fromEntries(Array.from({ length: OFFER_COLLECTION_SLOTS }, (_, i) => [slotVariable(i), cs[i] ?? []])));
}
export const EMPTY_VARIABLES = offerVariables();

/** A collection set's identity, whatever the order its ids were chosen in. */
export const collectionSetKey = (ids: readonly string[]) => [...ids].sort().join(" ");

/**
 * One arm's offer, in the shop's currency (the Function converts with the cart's presentment rate):
 * - `price`: the arm's unit price per variant (its GID); a line of another variant is charged its list price.
 *   The list price is the highest arm's: the others are a discount down to their price, never a surcharge. With
 *   `by: "percent"`, each variant's value is instead the percentage off its list price (0 to 100): the arm charges
 *   list × (1 − p/100), whatever the list price is when the cart is priced.
 * - `products`: % or amount off each unit of the listed products (their GIDs) and of the products in any of the
 *   listed `collections` (Collection GIDs); neither listed: every product.
 * - `order`: % or amount off the order's subtotal, from `minimum` on.
 * - `shipping`: % off shipping (100: free), from an order subtotal of `minimum` on.
 * - `bxgy`: buy `x` units of the `buy` products, get `y` units of the `get` products `percent` off (100: free), as
 *   often as the cart allows, the cheapest eligible units first (bxgyUnits); without `get`, of the same products
 *   ("buy 2, get 1 free" takes 3 of them). `get` and `buy` never share a product: a unit counts once. Each side may
 *   also name collections (`buyCollections`, `getCollections`; `buy` may then be empty); a product in both sides'
 *   collections counts as bought.
 */
export type Offer =
  | { k: "price"; prices: Record<string, number>; by?: "percent" }
  | { k: "products"; percent?: number; amount?: number; products?: string[]; collections?: string[] }
  | { k: "order"; percent?: number; amount?: number; minimum?: number }
  | { k: "shipping"; percent: number; minimum?: number }
  | { k: "bxgy"; buy: string[]; buyCollections?: string[]; x: number; get?: string[]; getCollections?: string[]; y: number; percent: number };

/** The largest `x` or `y` of a buy-X-get-Y offer. */
export const MAX_BXGY_UNITS = 100;

/**
 * What checkout shows beside an arm's discount when its test names none: it says what the shopper gets without
 * naming the test. Also the title of svc's automatic discount in Shopify's admin.
 */
export const DEFAULT_OFFER_TITLE = "Special price";

/**
 * The metafield's value: `plan` digests the shop's offer tests as the app embed's plan does (the same holdout,
 * groups, traffic and arm thresholds, so checkout assigns what the storefront showed), `offers` gives each
 * test's arms' offers (an arm not listed, the control usually, is charged the list price), `titles` what checkout
 * shows beside each test's discount (the candidates' `message`), `title` beside that of a test not in `titles`.
 * Its JSON must stay under the metafield's 10,000 bytes (OFFER_CONFIG_MAX_BYTES).
 */
export interface OfferConfig {
  v: 1;
  title: string;
  /** By test id; absent (a configuration written before titles per test) or without the test: `title`. */
  titles?: Record<string, string>;
  plan: LocalPlan;
  offers: Record<string, Record<string, Offer>>;
  /** The collection sets of the offers, in slot order (absent: none): slot `i` is answered as `c<i>` on a line's product. */
  cs?: string[][];
}

/** What checkout shows beside the discount of `testId`'s arm. */
export const offerTitleOf = (config: Pick<OfferConfig, "title" | "titles">, testId: string): string => config.titles?.[testId] ?? config.title;

/** A JSON metafield on a discount holds at most 10,000 bytes for a Function to read; the app shards above it. */
export const OFFER_CONFIG_MAX_BYTES = 10_000;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const amount = (value: unknown) => typeof value === "number" && Number.isFinite(value) && value >= 0;
const optionalAmount = (value: unknown) => value === undefined || amount(value);
const percent = (value: unknown) => amount(value) && (value as number) <= 100;

/** Exactly one of `percent` (0 to 100) and `amount` (0 or more); null for anything else. */
function percentOrAmount(value: Record<string, unknown>): { percent: number } | { amount: number } | null {
  if (value.amount === undefined) return percent(value.percent) ? { percent: value.percent as number } : null;
  return value.percent === undefined && amount(value.amount) ? { amount: value.amount as number } : null;
}

/** One offer checked field by field; null for anything else (the Function then discounts nothing for it). */
export function parseOffer(value: unknown): Offer | null {
  if (!isRecord(value)) return null;
  switch (value.k) {
    case "price": {
      if (value.by !== undefined && value.by !== "percent") return null;
      const valid = value.by === "percent" ? percent : amount;
      if (!isRecord(value.prices) || !Object.values(value.prices).every(valid)) return null;
      return { k: "price", prices: value.prices as Record<string, number>, ...(value.by === "percent" ? { by: "percent" as const } : {}) };
    }
    case "products":
    case "order": {
      const share = percentOrAmount(value);
      if (!share) return null;
      if (value.k === "products") {
        const products = value.products;
        if (products !== undefined && !(Array.isArray(products) && products.every((p) => typeof p === "string"))) return null;
        const collections = value.collections;
        if (collections !== undefined && !collectionList(collections)) return null;
        return { k: "products", ...share, ...(products ? { products: products as string[] } : {}), ...(collections ? { collections } : {}) };
      }
      if (!optionalAmount(value.minimum)) return null;
      return { k: "order", ...share, ...(value.minimum !== undefined ? { minimum: value.minimum as number } : {}) };
    }
    case "shipping":
      return percent(value.percent) && optionalAmount(value.minimum)
        ? { k: "shipping", percent: value.percent as number, ...(value.minimum !== undefined ? { minimum: value.minimum as number } : {}) }
        : null;
    case "bxgy":
      return parseBxgy(value);
    default:
      return null;
  }
}

const units = (value: unknown) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_BXGY_UNITS;
const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((p) => typeof p === "string");
const productList = (value: unknown): value is string[] => strings(value) && value.length > 0;
const collectionList = (value: unknown): value is string[] => productList(value) && value.length <= MAX_OFFER_COLLECTIONS && new Set(value).size === value.length;

function parseBxgy(value: Record<string, unknown>): Offer | null {
  const { buy, buyCollections, get, getCollections, x, y } = value;
  if (!strings(buy) || !units(x) || !units(y) || !percent(value.percent) || !((value.percent as number) > 0)) return null;
  if (buyCollections !== undefined && !collectionList(buyCollections)) return null;
  if (buy.length === 0 && buyCollections === undefined) return null;
  if (get !== undefined && (!productList(get) || get.some((p) => buy.includes(p)))) return null;
  if (getCollections !== undefined && (!collectionList(getCollections) || getCollections.some((c) => buyCollections?.includes(c)))) return null;
  return {
    k: "bxgy", buy, ...(buyCollections !== undefined ? { buyCollections } : {}), x: x as number,
    ...(get !== undefined ? { get } : {}), ...(getCollections !== undefined ? { getCollections } : {}), y: y as number, percent: value.percent as number,
  };
}

/** The collection sets an offer names, each a slot's `inAnyCollection` once the app writes it. */
export function offerCollectionSets(offer: Offer): string[][] {
  if (offer.k === "products") return offer.collections ? [offer.collections] : [];
  if (offer.k === "bxgy") return [offer.buyCollections, offer.getCollections].filter((c): c is string[] => c !== undefined);
  return [];
}

/** Slot of a collection set in the configuration, or -1 (then no product is taken to be in it: nothing is discounted). */
export function collectionSlot(config: Pick<OfferConfig, "cs">, ids: readonly string[]): number {
  const key = collectionSetKey(ids);
  return (config.cs ?? []).findIndex((set) => collectionSetKey(set) === key);
}

/** A cart or order line as bxgyUnits reads it. */
export interface BxgyLine {
  id: string;
  product: string | null;
  quantity: number;
  unitPrice: number;
  /** The collections its product is known to be in (the case table's; others answer through an InCollections). */
  collections?: readonly string[];
}

/**
 * Whether a line's product is in any of `collections`: the Function answers from its slot's `inAnyCollection`, the
 * orders check from the Admin API's read of the order's products.
 */
export type InCollections = (line: BxgyLine, collections: readonly string[]) => boolean;
const listedCollections: InCollections = (line, collections) => collections.some((c) => line.collections?.includes(c) ?? false);

/** One side of an offer: its products, and the collections whose products it takes too. */
interface Side {
  products: readonly string[];
  collections?: readonly string[];
}

/** Whether a line is on a side: its product listed, or in one of the side's collections. */
export function onSide(side: Side, line: BxgyLine, inCollections: InCollections = listedCollections): boolean {
  if (line.product === null) return false;
  return side.products.includes(line.product) || (side.collections !== undefined && side.collections.length > 0 && inCollections(line, side.collections));
}

/** Whether a products offer takes its share off a line: every product when it names neither products nor collections. */
export function productsOfferTakes(offer: Extract<Offer, { k: "products" }>, line: BxgyLine, inCollections: InCollections = listedCollections): boolean {
  if (line.product === null) return false;
  if (!offer.products && !offer.collections) return true;
  return onSide({ products: offer.products ?? [], collections: offer.collections }, line, inCollections);
}

/**
 * How many units of each line a buy-X-get-Y offer takes its percentage off (by line id; lines it does not touch
 * absent): with distinct `get` products, `y` of them for every `x` bought units; with the same products, `y` of
 * every `x + y`. The cheapest eligible units first (Shopify's own rule for its buy-X-get-Y discounts), ties by line
 * id: the Function and the orders check count the same units.
 */
export function bxgyUnits(offer: Extract<Offer, { k: "bxgy" }>, lines: readonly BxgyLine[], inCollections: InCollections = listedCollections): Map<string, number> {
  const buySide = { products: offer.buy, collections: offer.buyCollections };
  const distinct = offer.get !== undefined || offer.getCollections !== undefined;
  const isBought = (line: BxgyLine) => line.quantity > 0 && onSide(buySide, line, inCollections);
  const bought = lines.filter(isBought).reduce((sum, line) => sum + line.quantity, 0);
  // A product in both sides' collections is bought, never got: a unit counts once.
  const eligible = distinct
    ? lines.filter((line) => line.quantity > 0 && !isBought(line) && onSide({ products: offer.get ?? [], collections: offer.getCollections }, line, inCollections))
    : lines.filter(isBought);
  const times = distinct ? Math.floor(bought / offer.x) : Math.floor(bought / (offer.x + offer.y));
  let left = times * offer.y;
  const taken = new Map<string, number>();
  for (const line of [...eligible].sort((a, b) => a.unitPrice - b.unitPrice || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    if (left <= 0) break;
    const n = Math.min(left, line.quantity);
    taken.set(line.id, n);
    left -= n;
  }
  return taken;
}

/** What a price offer charges a unit of `variant` whose list price is `list`; undefined when it does not name the variant. */
export function armUnitPrice(offer: Extract<Offer, { k: "price" }>, variant: string, list: number): number | undefined {
  const value = offer.prices[variant];
  if (value === undefined) return undefined;
  return offer.by === "percent" ? list * (1 - value / 100) : value;
}

/** Whether any of a test's arms carries an offer that parses: the test is charged through svc's discount. */
export function carriesOffer(arms: ReadonlyArray<{ offer: unknown }>): boolean {
  return arms.some((arm) => parseOffer(arm.offer) !== null);
}

/**
 * The metafield's value checked: null when it is not a version this code reads or its plan is malformed (the
 * Function then discounts nothing, and the orders check counts what was charged). Offers that do not parse are
 * dropped one by one: one bad arm does not take the others' discounts away.
 */
export function parseOfferConfig(value: unknown): OfferConfig | null {
  if (!isRecord(value) || value.v !== 1 || typeof value.title !== "string" || !isRecord(value.plan) || !isRecord(value.offers)) return null;
  const plan = value.plan;
  if (!isRecord(plan.l) || typeof plan.l.s !== "string" || !Array.isArray(plan.t)) return null;
  const testsOk = plan.t.every(
    (t: unknown) => isRecord(t) && typeof t.id === "string" && typeof t.p === "number" && Array.isArray(t.a) && t.a.every((a: unknown) => Array.isArray(a) && typeof a[0] === "number" && isRecord(a[1])),
  );
  if (!testsOk) return null;
  const offers: OfferConfig["offers"] = {};
  addOffers(offers, value.offers);
  // Malformed slots read as none: an offer's collections then match nothing, and the offer discounts no collection line.
  const cs = Array.isArray(value.cs) && value.cs.every(strings) ? (value.cs as string[][]) : undefined;
  // A title that is not text is dropped alone, as a bad offer is: that test's discount shows the default title.
  const titles = isRecord(value.titles) ? Object.fromEntries(Object.entries(value.titles).filter(([, t]) => typeof t === "string" && t !== "")) : {};
  return {
    v: 1,
    title: value.title,
    ...(Object.keys(titles).length > 0 && { titles: titles as Record<string, string> }),
    plan: value.plan as unknown as LocalPlan,
    offers,
    ...(cs ? { cs } : {}),
  };
}

/** Adds a shard's offers to `into`, one by one as parseOfferConfig reads them: a price offer's variants join its own. */
function addOffers(into: OfferConfig["offers"], raw: Record<string, unknown>): void {
  for (const [testId, arms] of Object.entries(raw)) {
    if (!isRecord(arms)) continue;
    for (const [armId, value] of Object.entries(arms)) {
      const offer = parseOffer(value);
      if (!offer) continue;
      const test = (into[testId] ??= {});
      const held = test[armId];
      if (held?.k === "price" && offer.k === "price") test[armId] = { ...held, prices: { ...held.prices, ...offer.prices } };
      else test[armId] ??= offer;
    }
  }
}

/**
 * The configuration from its shards' values, in OFFER_SHARD_KEYS' order (null or absent: none written): the first as
 * parseOfferConfig reads it, with the offers of every further shard added. Null when the first does not parse; a
 * further shard that does not is skipped, as a bad offer is.
 */
export function mergeOfferShards(values: readonly unknown[]): OfferConfig | null {
  const [first, ...rest] = values;
  const config = parseOfferConfig(first);
  if (!config) return null;
  for (const value of rest) if (isRecord(value) && value.v === 1 && isRecord(value.offers)) addOffers(config.offers, value.offers);
  return config;
}

/** The visitor id from the cart attribute, or null when there is none or it is not one svc makes. */
export function offerVisitor(attribute: string | null | undefined): string | null {
  return typeof attribute === "string" && ID_PATTERN.test(attribute) ? attribute : null;
}
