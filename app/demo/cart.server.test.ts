import { describe, expect, it } from "vitest";
import { cartJson, cookieValue, createCartStore, DEMO_PRODUCT } from "./cart.server";

const mug = DEMO_PRODUCT.variantId;
const cookieOf = (setCookie: string | null) => (setCookie ?? "").split(";")[0] ?? "";

describe("demo cart", () => {
  it("makes a cart with a cookie once, then finds it by that cookie", () => {
    const store = createCartStore();
    const first = store.open(null);
    expect(first.setCookie).toMatch(/^cart=[0-9a-f]{32}; Path=\/; SameSite=Lax; Max-Age=\d+$/);
    const again = store.open(`_tracking_consent=x; ${cookieOf(first.setCookie)}`);
    expect(again).toEqual({ cart: first.cart, setCookie: null });
    expect(store.open("cart=not-a-token").cart).not.toBe(first.cart);
  });

  it("adds lines in Shopify's two body forms and totals them in cents", () => {
    const store = createCartStore();
    const { cart } = store.open(null);
    expect(store.add(cart, JSON.stringify({ items: [{ id: mug, quantity: 2 }] }))).toMatchObject({
      ok: true,
      value: { items: [{ id: mug, quantity: 2, price: 2000, line_price: 4000, title: "Stoneware mug" }] },
    });
    expect(store.add(cart, JSON.stringify({ id: String(mug) })).ok).toBe(true);
    expect(cartJson(cart)).toMatchObject({ item_count: 3, total_price: 6000, currency: "USD", items: [{ quantity: 3 }] });
  });

  it("refuses bad lines as a whole, changing nothing", () => {
    const store = createCartStore();
    const { cart } = store.open(null);
    const refused = (body: string) => {
      const outcome = store.add(cart, body);
      return outcome.ok ? null : [outcome.problem.status, outcome.problem.type];
    };
    expect(refused("{")).toEqual([400, "invalid-cart-request"]);
    expect(refused(JSON.stringify({ items: [] }))).toEqual([400, "invalid-cart-request"]);
    expect(refused(JSON.stringify({ items: [{ id: mug, quantity: 0 }] }))).toEqual([400, "invalid-cart-request"]);
    expect(refused(JSON.stringify({ items: [{ id: mug, properties: {} }] }))).toEqual([400, "invalid-cart-request"]);
    expect(refused(JSON.stringify({ items: [{ id: mug }, { id: 7 }] }))).toEqual([422, "unknown-variant"]);
    expect(refused(JSON.stringify({ items: [{ id: mug, quantity: 60 }, { id: mug, quantity: 40 }] }))).toEqual([422, "cart-full"]);
    expect(cartJson(cart).item_count).toBe(0);
  });

  it("merges attributes, and an empty value removes one, as Shopify does", () => {
    const store = createCartStore();
    const { cart } = store.open(null);
    const update = (attributes: unknown) => store.update(cart, JSON.stringify({ attributes }));
    expect(update({ _svc_sid: "s1", gift: "yes" })).toMatchObject({ ok: true, value: { attributes: { _svc_sid: "s1", gift: "yes" } } });
    expect(update({ gift: "", n: 2 })).toMatchObject({ ok: true, value: { attributes: { _svc_sid: "s1", n: "2" } } });
    expect(update({ x: {} }).ok).toBe(false);
    expect(store.update(cart, JSON.stringify({ updates: { [mug]: 1 } })).ok).toBe(false);
    expect(cartJson(cart).attributes).toEqual({ _svc_sid: "s1", n: "2" });
  });

  it("keeps at most its bound of carts, dropping the least recently used", () => {
    const store = createCartStore(3);
    const opened = [store.open(null), store.open(null), store.open(null)];
    const cookies = opened.map((o) => cookieOf(o.setCookie));
    expect(store.find(cookies[0] ?? null)).toBe(opened[0]?.cart); // now the most recent
    store.open(null);
    expect(store.size).toBe(3);
    expect(store.find(cookies[1] ?? null)).toBeNull();
    expect(store.find(cookies[0] ?? null)).toBe(opened[0]?.cart);
  });

  it("forgets a closed cart", () => {
    const store = createCartStore();
    const { cart, setCookie } = store.open(null);
    store.close(cart);
    expect(store.find(cookieOf(setCookie))).toBeNull();
  });

  it("reads one cookie out of a Cookie header", () => {
    expect(cookieValue("a=1; cart=abc; b=2", "cart")).toBe("abc");
    expect(cookieValue("xcart=1", "cart")).toBeNull();
    expect(cookieValue(null, "cart")).toBeNull();
  });
});
