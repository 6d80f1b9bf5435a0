import { beforeEach, describe, expect, it, vi } from "vitest";

// price.ts runs as it loads (it is the price bundle's whole program): a fresh module per test, on the page set up first.
// An earlier test's module still observes the document, so each test names arms of its own.
const load = async () => {
  vi.resetModules();
  await import("../src/price");
};
const priceStyle = () => document.querySelector<HTMLStyleElement>("style[data-svc-price-hide]")!;
const price = () => document.getElementById("p")!;
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function page(prices: string, coreHiding = true) {
  document.head.innerHTML =
    (coreHiding ? "<style data-svc-hide>[data-svc-price]{opacity:0}</style>" : "") +
    "<style data-svc-price-hide>[data-svc-price]{opacity:0}</style>" +
    `<script type="application/json" data-svc-prices>${prices}</script>`;
  document.body.innerHTML = '<p><span id="p" data-svc-price="42">$30.00</span> <span id="other" data-svc-price="7">$5.00</span></p>';
}

const PRICES = '[{"arm-b":{"42":24}}]';

beforeEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  // Within the hiding's 1,000 ms: past it the bundle shows the prices whatever the core does.
  vi.spyOn(performance, "now").mockReturnValue(100);
});

describe("the price bundle", () => {
  it("writes the marked arm's price before anything paints, and ends its hiding once the core snippet has revealed", async () => {
    page(PRICES);
    await load();
    await frame();
    // Nothing marked yet, and the core still hides: the list price stays hidden.
    expect(price().textContent).toBe("$30.00");
    expect(priceStyle().disabled).toBe(false);
    // The core snippet marks the arm and reveals in one task: the price is written in that task's microtasks.
    price().setAttribute("data-svc-price-arm", "arm-b");
    document.getElementById("other")!.setAttribute("data-svc-price-arm", "arm-b");
    document.querySelector<HTMLStyleElement>("style[data-svc-hide]")!.disabled = true;
    await Promise.resolve();
    expect(price().textContent).toBe("$24.00");
    // A variant the arm has no price for keeps its own.
    expect(document.getElementById("other")!.textContent).toBe("$5.00");
    await frame();
    await frame();
    expect(priceStyle().disabled).toBe(true);
  });

  it("writes a percentage arm's price from the list price the element carries, and again when the theme shows another variant", async () => {
    page('[{"arm-pct":{"42":-15}}]', false);
    price().setAttribute("data-svc-list", "3000");
    document.getElementById("other")!.setAttribute("data-svc-price-arm", "arm-pct");
    price().setAttribute("data-svc-price-arm", "arm-pct");
    await load();
    // 15% off 30.00: 25.50, in the shop's format; a variant the arm does not name keeps its own.
    expect(price().textContent).toBe("$25.50");
    expect(document.getElementById("other")!.textContent).toBe("$5.00");
    // A theme that re-renders for another variant of the arm writes its list price: the arm's price follows it.
    price().setAttribute("data-svc-list", "2999");
    price().textContent = "$29.99";
    await Promise.resolve();
    expect(price().textContent).toBe("$25.49");
    // Without the list price on the element, nothing is written: the list price shows (checkout charges less, never more).
    price().removeAttribute("data-svc-list");
    price().textContent = "$29.99";
    await Promise.resolve();
    expect(price().textContent).toBe("$29.99");
  });

  it("leaves the control arm's and an unmarked page's prices as they are, and shows them once the core has revealed", async () => {
    page(PRICES, false);
    price().setAttribute("data-svc-price-arm", "arm-a");
    await load();
    expect(price().textContent).toBe("$30.00");
    expect(priceStyle().disabled).toBe(true);
  });

  it("puts the theme's text back when the marker goes (the arm no longer applies), and writes again over a re-rendered price", async () => {
    page('[{"arm-r":{"42":19.5}}]', false);
    price().setAttribute("data-svc-price-arm", "arm-r");
    await load();
    expect(price().textContent).toBe("$19.50");
    price().textContent = "$30.00";
    await tick();
    expect(price().textContent).toBe("$19.50");
    price().removeAttribute("data-svc-price-arm");
    await tick();
    expect(price().textContent).toBe("$30.00");
  });

  it("on any error shows the page as without svc: its style off and no price changed", async () => {
    page('[{"arm-e":{"42":24}}', true);
    price().setAttribute("data-svc-price-arm", "arm-e");
    await load();
    expect(price().textContent).toBe("$30.00");
    expect(priceStyle().disabled).toBe(true);
  });
});
