// The Discount Function against the Discount API's published schema: its input queries validate, every result
// it returns coerces to the target's result type, and each arm is charged what the storefront's rule gives its
// visitor id, whatever arm a shopper writes into the cart.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, coerceInputValue, getVariableValues, Kind, parse, validate, type GraphQLInputType, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { OFFER_ATTRIBUTE, OFFER_COLLECTION_SLOTS, OFFER_VARIABLES_KEY, offerVariables, slotVariable, type OfferConfig } from "../../../app/wire/offers";
import { localAssignments } from "../../../app/wire/rules/local-plan";
import { cartDeliveryOptionsDiscountsGenerateRun, cartLinesDiscountsGenerateRun, type CartLinesInput, type DeliveryOptionsInput } from "./run";

const here = path.dirname(new URL(import.meta.url).pathname);
// The Discount API schema, where `shopify app function schema` writes it.
const SCHEMA_FILE = path.resolve(here, "../schema.graphql");
const schema = buildSchema(readFileSync(SCHEMA_FILE, "utf8"));
const query = (file: string) => readFileSync(path.join(here, file), "utf8");

/** The result as Shopify takes it: coerced to the target's input type, every error reported. */
function coerced(typeName: string, value: unknown): string[] {
  const errors: string[] = [];
  coerceInputValue(value, schema.getType(typeName) as GraphQLInputType, (p, _v, error) => errors.push(`${p.join(".")}: ${error.message}`));
  return errors;
}

const VARIANT = "gid://shopify/ProductVariant/1";
const OTHER_VARIANT = "gid://shopify/ProductVariant/2";
const PRODUCT = "gid://shopify/Product/10";
// One price test, control at the list price (40.00), the variant at 34.00; one order test; one shipping test.
const CONFIG: OfferConfig = {
  v: 1,
  title: "Spring price",
  plan: {
    l: { s: "site-1" },
    t: [
      { id: "t-price", p: 100, a: [[2 ** 31, { test: "t-price", arm: "control", pages: ["*"] }], [2 ** 32, { test: "t-price", arm: "cheap", pages: ["*"] }]] },
    ],
  },
  offers: { "t-price": { cheap: { k: "price", prices: { [VARIANT]: 34 } } } },
};
const armOf = (config: OfferConfig, vid: string) => localAssignments(config.plan, vid).find((a) => a.test === config.plan.t[0]!.id)?.arm;
const vidIn = (config: OfferConfig, arm: string) => {
  for (let i = 0; ; i++) if (armOf(config, `v${i}`) === arm) return `v${i}`;
};

const lines = (vid: string | null, config: unknown = CONFIG, overrides: Partial<CartLinesInput> = {}): CartLinesInput => ({
  cart: {
    attribute: vid === null ? null : { value: vid },
    lines: [
      { id: "gid://shopify/CartLine/1", quantity: 2, cost: { amountPerQuantity: { amount: "40.0" }, subtotalAmount: { amount: "80.0" } }, merchandise: { __typename: "ProductVariant", id: VARIANT, product: { id: PRODUCT } } },
      { id: "gid://shopify/CartLine/2", quantity: 1, cost: { amountPerQuantity: { amount: "12.5" }, subtotalAmount: { amount: "12.5" } }, merchandise: { __typename: "ProductVariant", id: OTHER_VARIANT, product: { id: "gid://shopify/Product/11" } } },
    ],
  },
  discount: { discountClasses: ["PRODUCT", "ORDER", "SHIPPING"], metafield: { jsonValue: config } },
  presentmentCurrencyRate: "1.0",
  ...overrides,
});

describe("svc's Discount Function", () => {
  it("asks Shopify only for what the schema has, on both targets", () => {
    for (const file of ["cart-lines.graphql", "delivery-options.graphql"]) expect(validate(schema, parse(query(file)))).toEqual([]);
    // The attribute the query reads is the one the snippet writes.
    expect(query("cart-lines.graphql")).toContain(`attribute(key: "${OFFER_ATTRIBUTE}")`);
    expect(query("delivery-options.graphql")).toContain(`attribute(key: "${OFFER_ATTRIBUTE}")`);
  });

  it("declares one [ID!] variable per collection slot, each an inAnyCollection on the line's product, filled from the metafield the app writes", () => {
    const document = parse(query("cart-lines.graphql"));
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const slots = Array.from({ length: OFFER_COLLECTION_SLOTS }, (_, i) => slotVariable(i));
    expect(operation.variableDefinitions?.map((v) => v.variable.name.value)).toEqual(slots);
    for (const slot of slots) expect(query("cart-lines.graphql")).toContain(`${slot}: inAnyCollection(ids: $${slot})`);
    // The variables' values as the app writes them coerce to the declared types; a value of the wrong type does not.
    const C = "gid://shopify/Collection/7";
    const values = JSON.parse(offerVariables([[C], [C, "gid://shopify/Collection/8"]])) as Record<string, unknown>;
    expect(values).toEqual({ ...Object.fromEntries(slots.map((s) => [s, []])), c0: [C], c1: [C, "gid://shopify/Collection/8"] });
    expect(getVariableValues(schema, operation.variableDefinitions ?? [], values).errors).toBeUndefined();
    expect(getVariableValues(schema, operation.variableDefinitions ?? [], { c0: [{ id: C }] }).errors).toBeDefined();
    // Shopify reads them from the discount's metafield the extension's configuration names.
    const toml = readFileSync(path.resolve(here, "../shopify.extension.toml"), "utf8");
    expect(toml).toMatch(new RegExp(`\\[extensions\\.input\\.variables\\]\\s+namespace = "\\$app"\\s+key = "${OFFER_VARIABLES_KEY}"`));
  });

  it("takes a collection line when its product is in the offer's slot, not when it is out of it or the slot is not the offer's", () => {
    const C = ["gid://shopify/Collection/7", "gid://shopify/Collection/8"];
    const config: OfferConfig = {
      ...CONFIG,
      cs: [["gid://shopify/Collection/1"], [...C].reverse()],
      offers: { "t-price": { cheap: { k: "products", percent: 20, collections: C } } },
    };
    // Slot 1 holds the offer's set (in any order): line 1's product is in it, line 2's is not (it is in slot 0's).
    const input = lines(vidIn(config, "cheap"), config);
    input.cart.lines[0]!.merchandise.product = { id: PRODUCT, c0: false, c1: true };
    input.cart.lines[1]!.merchandise.product = { id: "gid://shopify/Product/11", c0: true, c1: false };
    const result = cartLinesDiscountsGenerateRun(input);
    expect(coerced("CartLinesDiscountsGenerateRunResult", result)).toEqual([]);
    expect(result.operations).toEqual([
      { productDiscountsAdd: { candidates: [{ message: "Spring price", targets: [{ cartLine: { id: "gid://shopify/CartLine/1" } }], value: { percentage: { value: "20" } } }], selectionStrategy: "ALL" } },
    ]);
    // A listed product is taken whatever its collections.
    const both: OfferConfig = { ...config, offers: { "t-price": { cheap: { k: "products", percent: 20, collections: C, products: ["gid://shopify/Product/11"] } } } };
    const listed = cartLinesDiscountsGenerateRun({ ...input, discount: { ...input.discount, metafield: { jsonValue: both } } });
    expect((listed.operations[0] as { productDiscountsAdd: { candidates: Array<{ targets: unknown[] }> } }).productDiscountsAdd.candidates[0]!.targets).toHaveLength(2);
    // A configuration whose slots do not hold the offer's set (or an input without the slot fields) takes no line.
    const unslotted = { ...config, cs: [["gid://shopify/Collection/1"]] };
    expect(cartLinesDiscountsGenerateRun({ ...input, discount: { ...input.discount, metafield: { jsonValue: unslotted } } }).operations).toEqual([]);
    expect(cartLinesDiscountsGenerateRun(lines(vidIn(config, "cheap"), config)).operations).toEqual([]);
    // The control's shopper, and one who edits the attribute to claim the cheaper arm, get nothing off the collection.
    const control = vidIn(config, "control")!;
    for (const vid of [control, `${control}:cheap`, "cheap"]) {
      const edited = { ...input, cart: { ...input.cart, attribute: { value: vid } } };
      const discounted = cartLinesDiscountsGenerateRun(edited).operations.length > 0;
      expect(discounted).toBe(armOf(config, vid) === "cheap" && /^[\w-]+$/.test(vid));
    }
    expect(cartLinesDiscountsGenerateRun({ ...input, cart: { ...input.cart, attribute: { value: `${control}:cheap` } } }).operations).toEqual([]);
  });

  it("counts buy X get Y's units by collection: bought from the buy slot, got from the get slot", () => {
    const BUY = ["gid://shopify/Collection/1"];
    const GET = ["gid://shopify/Collection/2"];
    const config: OfferConfig = {
      ...CONFIG,
      cs: [BUY, GET],
      offers: { "t-price": { cheap: { k: "bxgy", buy: [], buyCollections: BUY, x: 2, getCollections: GET, y: 1, percent: 100 } } },
    };
    const input = lines(vidIn(config, "cheap"), config);
    input.cart.lines[0]!.merchandise.product = { id: PRODUCT, c0: true, c1: false };
    input.cart.lines[1]!.merchandise.product = { id: "gid://shopify/Product/11", c0: false, c1: true };
    const result = cartLinesDiscountsGenerateRun(input);
    expect(coerced("CartLinesDiscountsGenerateRunResult", result)).toEqual([]);
    expect(result.operations).toEqual([
      { productDiscountsAdd: { candidates: [{ message: "Spring price", targets: [{ cartLine: { id: "gid://shopify/CartLine/2", quantity: 1 } }], value: { percentage: { value: "100" } } }], selectionStrategy: "ALL" } },
    ]);
    // The got product in the buy collection too: it is bought, not got, so nothing is free.
    input.cart.lines[1]!.merchandise.product = { id: "gid://shopify/Product/11", c0: true, c1: true };
    expect(cartLinesDiscountsGenerateRun(input).operations).toEqual([]);
  });

  it("charges a percentage arm that share off its variants' list price, as a percentage of the line, and nothing to the control", () => {
    const config: OfferConfig = { ...CONFIG, offers: { "t-price": { cheap: { k: "price", by: "percent", prices: { [VARIANT]: 15 } } } } };
    const result = cartLinesDiscountsGenerateRun(lines(vidIn(config, "cheap"), config));
    expect(coerced("CartLinesDiscountsGenerateRunResult", result)).toEqual([]);
    expect(result.operations).toEqual([
      { productDiscountsAdd: { candidates: [{ message: "Spring price", targets: [{ cartLine: { id: "gid://shopify/CartLine/1" } }], value: { percentage: { value: "15" } } }], selectionStrategy: "ALL" } },
    ]);
    expect(cartLinesDiscountsGenerateRun(lines(vidIn(config, "control"), config)).operations).toEqual([]);
  });

  it("reads a configuration continued in further shards: a price only the second shard holds is charged", () => {
    const [first, second] = [
      { ...CONFIG, offers: { "t-price": { cheap: { k: "price", prices: { [OTHER_VARIANT]: 10 } } } } },
      { v: 1, offers: { "t-price": { cheap: { k: "price", prices: { [VARIANT]: 34 } } } } },
    ];
    const sharded = lines(vidIn(CONFIG, "cheap"), first, {
      discount: { discountClasses: ["PRODUCT"], metafield: { jsonValue: first }, offers2: { jsonValue: second }, offers3: null, offers4: { jsonValue: { v: 1, offers: {} } } },
    });
    const result = cartLinesDiscountsGenerateRun(sharded);
    expect(coerced("CartLinesDiscountsGenerateRunResult", result)).toEqual([]);
    const candidates = (result.operations[0] as { productDiscountsAdd: { candidates: Array<{ targets: unknown; value: unknown }> } }).productDiscountsAdd.candidates;
    expect(candidates.map((c) => [c.targets, c.value])).toEqual([
      [[{ cartLine: { id: "gid://shopify/CartLine/1" } }], { fixedAmount: { amount: "6.00", appliesToEachItem: true } }],
      [[{ cartLine: { id: "gid://shopify/CartLine/2" } }], { fixedAmount: { amount: "2.50", appliesToEachItem: true } }],
    ]);
    // Without its second shard, only the first's price is charged.
    const alone = cartLinesDiscountsGenerateRun({ ...sharded, discount: { ...sharded.discount, offers2: null } });
    expect((alone.operations[0] as typeof result.operations[0] & { productDiscountsAdd: { candidates: unknown[] } }).productDiscountsAdd.candidates).toHaveLength(1);
  });

  it("charges the cheaper arm its price and the control the list price", () => {
    const cheap = cartLinesDiscountsGenerateRun(lines(vidIn(CONFIG, "cheap")));
    expect(coerced("CartLinesDiscountsGenerateRunResult", cheap)).toEqual([]);
    expect(cheap.operations).toEqual([
      {
        productDiscountsAdd: {
          candidates: [{ message: "Spring price", targets: [{ cartLine: { id: "gid://shopify/CartLine/1" } }], value: { fixedAmount: { amount: "6.00", appliesToEachItem: true } } }],
          selectionStrategy: "ALL",
        },
      },
    ]);
    expect(cartLinesDiscountsGenerateRun(lines(vidIn(CONFIG, "control"))).operations).toEqual([]);
  });

  it("assigns the arm from the visitor id by the storefront's rule, for every visitor, whatever else the attribute claims", () => {
    let cheap = 0;
    for (let i = 0; i < 400; i++) {
      const vid = `shopper-${i}`;
      const discounted = cartLinesDiscountsGenerateRun(lines(vid)).operations.length > 0;
      expect(discounted).toBe(armOf(CONFIG, vid) === "cheap");
      if (discounted) cheap++;
    }
    // Both arms were met, near the plan's half and half.
    expect(cheap).toBeGreaterThan(150);
    expect(cheap).toBeLessThan(250);
    // A shopper who writes an arm's name, or a made-up value, is a visitor of that id, or none.
    expect(cartLinesDiscountsGenerateRun(lines(`${vidIn(CONFIG, "control")}:cheap`)).operations).toEqual([]);
    expect(cartLinesDiscountsGenerateRun(lines(null)).operations).toEqual([]);
    expect(cartLinesDiscountsGenerateRun(lines("")).operations).toEqual([]);
  });

  it("converts the shop's amounts with the cart's presentment rate", () => {
    const vid = vidIn(CONFIG, "cheap");
    // 40 USD list is 60 in the cart's currency at 1.5; the arm's 34 is 51: 9 off each.
    const input = lines(vid, CONFIG, { presentmentCurrencyRate: "1.5" });
    input.cart.lines[0]!.cost.amountPerQuantity.amount = "60.0";
    const result = cartLinesDiscountsGenerateRun(input);
    expect(result.operations[0]).toMatchObject({ productDiscountsAdd: { candidates: [{ value: { fixedAmount: { amount: "9.00" } } }] } });
  });

  it("discounts nothing of a class the discount was not created with, nor from a configuration it cannot read", () => {
    const vid = vidIn(CONFIG, "cheap");
    expect(cartLinesDiscountsGenerateRun(lines(vid, CONFIG, { discount: { discountClasses: ["ORDER"], metafield: { jsonValue: CONFIG } } })).operations).toEqual([]);
    for (const bad of [null, "text", { ...CONFIG, v: 2 }, { ...CONFIG, plan: { l: {}, t: [] } }]) expect(cartLinesDiscountsGenerateRun(lines(vid, bad)).operations).toEqual([]);
    // One arm's unreadable offer is dropped alone.
    const mixed = { ...CONFIG, offers: { "t-price": { cheap: { k: "price", prices: { [VARIANT]: -1 } } } } };
    expect(cartLinesDiscountsGenerateRun(lines(vid, mixed)).operations).toEqual([]);
  });

  it("gives product and order offers, and shipping from its threshold on, each in the target's result type", () => {
    const config: OfferConfig = {
      ...CONFIG,
      offers: { "t-price": { cheap: { k: "products", percent: 15, products: [PRODUCT] }, control: { k: "order", amount: 5, minimum: 50 } } },
    };
    const products = cartLinesDiscountsGenerateRun(lines(vidIn(config, "cheap"), config));
    expect(coerced("CartLinesDiscountsGenerateRunResult", products)).toEqual([]);
    expect(products.operations).toEqual([
      { productDiscountsAdd: { candidates: [{ message: "Spring price", targets: [{ cartLine: { id: "gid://shopify/CartLine/1" } }], value: { percentage: { value: "15" } } }], selectionStrategy: "ALL" } },
    ]);
    const order = cartLinesDiscountsGenerateRun(lines(vidIn(config, "control"), config));
    expect(coerced("CartLinesDiscountsGenerateRunResult", order)).toEqual([]);
    expect(order.operations).toEqual([
      { orderDiscountsAdd: { candidates: [{ message: "Spring price", targets: [{ orderSubtotal: { excludedCartLineIds: [] } }], value: { fixedAmount: { amount: "5.00" } } }], selectionStrategy: "MAXIMUM" } },
    ]);

    const shipping: OfferConfig = { ...CONFIG, offers: { "t-price": { cheap: { k: "shipping", percent: 100, minimum: 75 } } } };
    const delivery = (subtotal: string, vid: string): DeliveryOptionsInput => ({
      cart: { attribute: { value: vid }, cost: { subtotalAmount: { amount: subtotal } }, deliveryGroups: [{ id: "gid://shopify/CartDeliveryGroup/1" }] },
      discount: { discountClasses: ["SHIPPING"], metafield: { jsonValue: shipping } },
      presentmentCurrencyRate: "1.0",
    });
    const free = cartDeliveryOptionsDiscountsGenerateRun(delivery("80.00", vidIn(shipping, "cheap")));
    expect(coerced("CartDeliveryOptionsDiscountsGenerateRunResult", free)).toEqual([]);
    expect(free.operations).toEqual([
      { deliveryDiscountsAdd: { candidates: [{ message: "Spring price", targets: [{ deliveryGroup: { id: "gid://shopify/CartDeliveryGroup/1" } }], value: { percentage: { value: "100" } } }], selectionStrategy: "ALL" } },
    ]);
    expect(cartDeliveryOptionsDiscountsGenerateRun(delivery("70.00", vidIn(shipping, "cheap"))).operations).toEqual([]);
    expect(cartDeliveryOptionsDiscountsGenerateRun(delivery("80.00", vidIn(shipping, "control"))).operations).toEqual([]);
  });

  it("gives buy X get Y its units of the cheapest eligible lines, by quantity, in the result type; nothing to the control or too small a cart", () => {
    // Buy 1 of the first product (2 in the cart), get the other at half price, 2 of them per unit bought.
    const config: OfferConfig = {
      ...CONFIG,
      offers: { "t-price": { cheap: { k: "bxgy", buy: [PRODUCT], x: 1, get: ["gid://shopify/Product/11"], y: 2, percent: 50 } } },
    };
    const base = lines(vidIn(config, "cheap"), config);
    const threeOfOther = { ...base, cart: { ...base.cart, lines: base.cart.lines.map((l, i) => (i === 1 ? { ...l, quantity: 3, cost: { ...l.cost, subtotalAmount: { amount: "37.5" } } } : l)) } };
    const result = cartLinesDiscountsGenerateRun(threeOfOther);
    expect(coerced("CartLinesDiscountsGenerateRunResult", result)).toEqual([]);
    expect(result.operations).toEqual([
      { productDiscountsAdd: { candidates: [{ message: "Spring price", targets: [{ cartLine: { id: "gid://shopify/CartLine/2", quantity: 3 } }], value: { percentage: { value: "50" } } }], selectionStrategy: "ALL" } },
    ]);
    expect(cartLinesDiscountsGenerateRun(lines(vidIn(config, "control"), config)).operations).toEqual([]);
    // The same products, buy 2 get 1 free: the 2 units of the first line make no third.
    const same: OfferConfig = { ...CONFIG, offers: { "t-price": { cheap: { k: "bxgy", buy: [PRODUCT], x: 2, y: 1, percent: 100 } } } };
    expect(cartLinesDiscountsGenerateRun(lines(vidIn(same, "cheap"), same)).operations).toEqual([]);
  });

  it("shows each candidate with its own test's title, the configuration's title for a test without one", () => {
    const shipping = "t-ship";
    const config: OfferConfig = {
      ...CONFIG,
      titles: { "t-price": "Launch price", [shipping]: 42 as unknown as string },
      plan: { ...CONFIG.plan, t: [...CONFIG.plan.t, { id: shipping, p: 100, a: [[2 ** 32, { test: shipping, arm: "free", pages: ["*"] }]] }] },
      offers: { ...CONFIG.offers, [shipping]: { free: { k: "shipping", percent: 100 } } },
    };
    const vid = vidIn(config, "cheap");
    const product = cartLinesDiscountsGenerateRun(lines(vid, config));
    expect(product.operations.flatMap((o) => ("productDiscountsAdd" in o ? o.productDiscountsAdd.candidates.map((c) => c.message) : []))).toEqual(["Launch price"]);
    // A title that is not text is dropped alone: that test's discount shows the configuration's title.
    const delivery = cartDeliveryOptionsDiscountsGenerateRun({
      cart: { attribute: { value: vid }, cost: { subtotalAmount: { amount: "10.00" } }, deliveryGroups: [{ id: "gid://shopify/CartDeliveryGroup/1" }] },
      discount: { discountClasses: ["SHIPPING"], metafield: { jsonValue: config } },
      presentmentCurrencyRate: "1.0",
    });
    expect(delivery.operations[0]?.deliveryDiscountsAdd.candidates.map((c) => c.message)).toEqual(["Spring price"]);
  });

  // Input and output as Shopify's function-runner takes them (`shopify app function run --input`): each fixture's
  // output is what the function answers for its input, and what the target's result type accepts.
  const fixtures = path.resolve(here, "../tests/fixtures");
  it.each(readdirSync(fixtures).filter((f) => f.endsWith(".json")))("answers fixture %s with its output, in the target's result type", (file) => {
    const { payload } = JSON.parse(readFileSync(path.join(fixtures, file), "utf8")) as { payload: { target: string; input: unknown; output: unknown } };
    const run = { "cart.lines.discounts.generate.run": cartLinesDiscountsGenerateRun, "cart.delivery-options.discounts.generate.run": cartDeliveryOptionsDiscountsGenerateRun }[payload.target];
    expect(run).toBeDefined();
    const output = (run as (input: unknown) => unknown)(payload.input);
    expect(output).toEqual(payload.output);
    const type = payload.target.startsWith("cart.lines") ? "CartLinesDiscountsGenerateRunResult" : "CartDeliveryOptionsDiscountsGenerateRunResult";
    expect(coerced(type, output)).toEqual([]);
  });

  it("returns what the schema refuses as errors, so that the checks above can fail", () => {
    expect(coerced("CartLinesDiscountsGenerateRunResult", { operations: [{ productDiscountsAdd: { candidates: [], selectionStrategy: "SOME" } }] })).not.toEqual([]);
    expect(validate(schema, parse("query { cart { priceOfEverything } }"))).not.toEqual([]);
  });
});
