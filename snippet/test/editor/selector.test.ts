// Selector choice over markup real storefronts have: generated class names and ids, duplicates,
// elements with nothing of their own, nested components, data-* hooks.
import { beforeEach, describe, expect, it } from "vitest";
import { chooseSelector, countMatches, cssIdent, parentOf, similarSelector, withPosition } from "../../editor/selector";
import { looksGenerated, stableClass, stableId } from "../../editor/stable-names";

const $ = (sel: string) => {
  const el = document.querySelector(sel);
  if (!el) throw new Error(`fixture has no ${sel}`);
  return el;
};
/** The chosen selector matches the element and nothing else. */
function expectOnly(el: Element): string {
  const sel = chooseSelector(el);
  const found = document.querySelectorAll(sel);
  expect([found.length, found[0] === el], sel).toEqual([1, true]);
  return sel;
}

beforeEach(() => {
  document.body.innerHTML = "";
});

describe("names", () => {
  it("tells generated class names and ids from chosen ones", () => {
    for (const name of ["css-1x2y3z", "sc-aXZVg", "kKQrId", "Button_primary__3xYz9", "jsx-2837461", "svelte-1q2w3e", "ember123", "a1b2c3d4", "e3b0c442", "template--16384950878384__main"])
      expect(looksGenerated(name), name).toBe(true);
    for (const name of ["product-title", "productCardTitle", "btn", "card__title--large", "col-6", "h1", "hero", "md:flex", "price-item--sale", "iPhone"])
      expect(looksGenerated(name), name).toBe(false);
    expect(stableId(":r1:")).toBe(false);
    expect(stableId("radix-:R2m:")).toBe(false);
    expect(stableId("headline")).toBe(true);
    for (const state of ["is-active", "active", "ng-star-inserted", "open", "focus-visible"]) expect(stableClass(state), state).toBe(false);
  });

  it("escapes identifiers as CSS.escape does", () => {
    expect(cssIdent("1st")).toBe("\\31 st");
    expect(cssIdent("-2x")).toBe("-\\32 x");
    expect(cssIdent("-")).toBe("\\-");
    expect(cssIdent("a b:c.d")).toBe("a\\ b\\:c\\.d");
    expect(cssIdent("café_x-1")).toBe("café_x-1");
    expect(cssIdent("w-1/2")).toBe("w-1\\/2");
  });
});

describe("chooseSelector", () => {
  it("prefers a unique, chosen id", () => {
    document.body.innerHTML = '<main><h1 id="headline" class="title css-1x2y3z">Hi</h1></main>';
    expect(expectOnly($("h1"))).toBe("#headline");
  });

  it("passes over generated ids and ids the page repeats", () => {
    document.body.innerHTML = `
      <div id=":r1:"><button class="buy-button sc-aXZVg">Buy</button></div>
      <p id="dup" class="lede">One</p><p id="dup">Two</p>`;
    expect(expectOnly($("button"))).toBe(".buy-button");
    const second = document.querySelectorAll("p")[1]!;
    const sel = expectOnly(second);
    expect(sel).not.toBe("#dup");
  });

  it("uses a data-testid before classes, and data-section-id as an anchor", () => {
    document.body.innerHTML = `
      <section data-section-id="template--16384950878384__main"><h2 class="heading">Featured</h2></section>
      <section data-section-id="template--16384950878384__footer"><h2 class="heading">Footer</h2></section>
      <a class="btn btn--primary" data-testid="checkout">Checkout</a>`;
    expect(expectOnly($("a"))).toBe('[data-testid="checkout"]');
    expect(expectOnly($("h2"))).toBe('[data-section-id="template--16384950878384__main"] .heading');
  });

  it("picks the stable class the page has least of, ignoring generated and state classes", () => {
    document.body.innerHTML = `
      <div class="card"><span class="price css-9zk2lq">1</span></div>
      <div class="card"><span class="price price--sale is-active Price_root__x9Y2k">2</span></div>`;
    expect(expectOnly($(".price--sale"))).toBe(".price--sale");
  });

  it("climbs to a distinctive ancestor when the element's classes repeat (duplicate components)", () => {
    document.body.innerHTML = `
      <article class="product-card" data-product-handle="mug"><h3 class="card-title">Mug</h3></article>
      <article class="product-card" data-product-handle="bowl"><h3 class="card-title">Bowl</h3></article>`;
    const bowl = document.querySelectorAll("h3")[1]!;
    expect(expectOnly(bowl)).toBe('[data-product-handle="bowl"] .card-title');
  });

  it("falls back to positions only for nested components with nothing of their own", () => {
    document.body.innerHTML = `
      <main><div><div><p>a</p><p>b</p></div></div><div><div><p>c</p><p>d</p></div></div></main>`;
    const d = document.querySelectorAll("p")[3]!;
    const sel = expectOnly(d);
    expect(sel).toContain(":nth-of-type(2)");
    // Every element of a messy page gets a selector of its own.
    document.body.innerHTML = `
      <header class="css-1x2y3z"><nav><ul class="menu"><li class="menu-item is-active"><a href="/">Home</a></li><li class="menu-item"><a href="/shop">Shop</a></li></ul></nav></header>
      <main id="main"><section data-section-id="a"><div class="grid"><div class="grid__item"><img src="/a.png" alt=""></div><div class="grid__item"><img src="/b.png" alt=""></div></div></section>
      <section data-section-id="b"><div class="grid"><div class="grid__item"><span></span><span></span></div></div></section>
      <div id="dup"></div><div id="dup"><em>x</em></div><div class="sc-aXZVg kKQrId"><div class="sc-bdVaJa"><b>deep</b></div></div></main>`;
    for (const el of Array.from(document.body.querySelectorAll("*"))) expectOnly(el);
  });
});

describe("widening and narrowing", () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <ul id="menu"><li class="item"><a>One</a></li><li class="item"><a>Two</a></li><li class="item"><a>Three</a></li></ul>
      <div class="tile">a</div><div class="tile">b</div>`;
  });

  it("similar drops the position, or takes the shared class", () => {
    const two = document.querySelectorAll("li")[1]!;
    const sel = chooseSelector(two);
    expect(sel).toContain(":nth-of-type(2)");
    const wider = similarSelector(two, sel)!;
    expect(countMatches(document, wider)).toBe(3);
    expect(two.matches(wider)).toBe(true);
    const tile = $(".tile");
    expect(similarSelector(tile, chooseSelector(tile))).toBe("div.tile");
    // Already as wide as it gets: nothing wider to offer.
    expect(similarSelector(tile, "div")).toBeNull();
  });

  it("add position narrows to the element among its siblings", () => {
    const three = document.querySelectorAll("li")[2]!;
    const narrower = withPosition(three, "#menu > li")!;
    expect(narrower).toBe("#menu > li:nth-of-type(3)");
    expect(Array.from(document.querySelectorAll(narrower))).toEqual([three]);
  });

  it("parent never reaches body", () => {
    const a = $("a");
    expect(parentOf(a)).toBe($("li"));
    expect(parentOf($("#menu"))).toBeNull();
  });

  it("counts nothing for a selector that does not parse", () => {
    expect(countMatches(document, "li[")).toBe(0);
  });
});
