import fc from "fast-check";
import { HIDE_TIMEOUT_MS } from "~/wire/hide";
import { describe, expect, it } from "vitest";
import {
  ID_PATTERN,
  MAX_BATCH_EVENTS,
  MAX_ELEMENT_ID_LENGTH,
  MAX_GOAL_LENGTH,
  MAX_PATH_LENGTH,
  MAX_SELECTOR_LENGTH,
  MAX_TIMING_MS,
  MAX_VALUE,
  SHOP_PATTERN,
  type EventBatch,
  type SvcEvent,
} from "~/wire";
import goalLabels from "~/wire/rules/goal.cases.json";
import textCases from "~/wire/rules/text.cases.json";
import { parseEventBatch, parseJsonText } from "./event-batch";
import { MAX_ISSUES } from "../parse-result";

const T = 1_750_000_000_000;

function batch(events: unknown[] = [{ id: "e1", ts: T, path: "/", type: "pageview" }], extra: object = {}) {
  return { v: 1, site: "site-1", vid: "visitor_1", sid: "session-1", sent: T + 5, events, ...extra };
}

const pageview = { id: "e1", ts: T, path: "/products/x", type: "pageview" };
const click = { id: "e2", ts: T, path: "/", type: "click", el: { tag: "a", id: "buy", sel: "nav#main > a.cta", href: "https://shop.example/cart" } };
const exposure = { id: "e3", ts: T, path: "/", type: "exposure", test: "t1", arm: "control", msToApply: 120, msHidden: 0 };
const conversion = { id: "e4", ts: T, path: "/thanks", type: "conversion", goal: "purchase", value: 49.9 };

/** Sets `value` at `path` in a deep copy of `source` (undefined deletes the field). */
function withField(source: object, path: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(source) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

function issuesOf(body: unknown): string[] {
  const r = parseEventBatch(body);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(body)}`);
  return r.issues;
}

describe("parseEventBatch", () => {
  it("accepts every event kind and returns an EventBatch", () => {
    const body = batch([pageview, click, exposure, conversion], { shop: "my-shop.myshopify.com" });
    const r = parseEventBatch(body);
    expect(r).toEqual({ ok: true, value: body });
    if (r.ok) {
      const typed: EventBatch = r.value;
      expect(typed.events.map((e: SvcEvent) => e.type)).toEqual(["pageview", "click", "exposure", "conversion"]);
    }
  });

  it("accepts optional fields left out, and boundary values", () => {
    const events = [
      { ...pageview, path: "/" + "p".repeat(MAX_PATH_LENGTH - 1) },
      { ...click, el: { tag: "button", sel: "b".repeat(MAX_SELECTOR_LENGTH) } },
      { ...click, el: { tag: "a", sel: "a", id: "i".repeat(MAX_ELEMENT_ID_LENGTH), href: "mailto:" } },
      { ...exposure, msToApply: MAX_TIMING_MS, msHidden: 0 },
      { ...conversion, goal: "g".repeat(MAX_GOAL_LENGTH), value: -MAX_VALUE },
      { ...conversion, goal: "ünïcødé 🎉", value: undefined },
      { ...conversion, value: 0 },
      { ...pageview, id: "x".repeat(64) },
    ];
    expect(parseEventBatch(batch(events)).ok).toBe(true);
    expect(parseEventBatch(batch(Array.from({ length: MAX_BATCH_EVENTS }, () => pageview))).ok).toBe(true);
  });

  it("counts a hidden time past the snippet's hiding timeout as the timeout: longer is no measurement", () => {
    const r = parseEventBatch(batch([{ ...exposure, msHidden: 600_000 }, { ...exposure, id: "e4", msHidden: 640 }]));
    expect(r.ok && r.value.events.map((e) => (e.type === "exposure" ? e.msHidden : null))).toEqual([HIDE_TIMEOUT_MS, 640]);
  });

  it.each<[string, Array<string | number>, unknown, string]>([
    ["version 2", ["v"], 2, "v: must be 1"],
    ["a string version", ["v"], "1", "v: must be 1"],
    ["no site", ["site"], undefined, "site: required"],
    ["a bad site id", ["site"], "a b", "site: must be a Site ID: 3-64 characters of a-z 0-9 -"],
    ["a 65-character vid", ["vid"], "v".repeat(65), "vid: must be 1-64 characters of A-Z a-z 0-9 _ -"],
    ["an empty sid", ["sid"], "", "sid: must be 1-64 characters of A-Z a-z 0-9 _ -"],
    ["a non-Shopify shop", ["shop"], "shop.example.com", "shop: must be a *.myshopify.com domain"],
    ["an upper-case shop", ["shop"], "Shop.myshopify.com", "shop: must be a *.myshopify.com domain"],
    ["an over-long shop", ["shop"], `${"s".repeat(250)}.myshopify.com`, "shop: too long"],
    ["sent = 0", ["sent"], 0, "sent: must be a positive number"],
    ["sent as a string", ["sent"], "123", "sent: must be a number"],
    ["no events", ["events"], [], "events: at least 1 event"],
    ["events not an array", ["events"], {}, "events: must be an array"],
    ["an unknown event type", ["events", 0, "type"], "keypress", "events.0.type: must be pageview, click, exposure, conversion or checkout"],
    ["a bad event id", ["events", 0, "id"], "e/1", "events.0.id: must be 1-64 characters of A-Z a-z 0-9 _ -"],
    ["a negative ts", ["events", 0, "ts"], -1, "events.0.ts: must be a positive number"],
    ["a relative path", ["events", 0, "path"], "products", "events.0.path: must start with /"],
    ["an over-long path", ["events", 0, "path"], "/" + "p".repeat(MAX_PATH_LENGTH), "events.0.path: too long"],
    ["a path with a newline", ["events", 0, "path"], "/a\nb", "events.0.path: control characters"],
    ["a path with NUL", ["events", 0, "path"], "/a\u0000b", "events.0.path: control characters"],
    ["a path with a lone surrogate", ["events", 0, "path"], "/a\ud800", "events.0.path: lone surrogate"],
  ])("rejects %s", (_, path, value, expected) => {
    expect(issuesOf(withField(batch([pageview]), path, value))).toEqual([expected]);
  });

  it.each<[string, object, Array<string | number>, unknown, string]>([
    ["an over-long goal", conversion, ["goal"], "g".repeat(MAX_GOAL_LENGTH + 1), "events.0.goal: too long"],
    ["an empty goal", conversion, ["goal"], "", "events.0.goal: empty"],
    ["a goal with a tab", conversion, ["goal"], "a\tb", "events.0.goal: control characters"],
    ["a goal with DEL", conversion, ["goal"], "a\u007fb", "events.0.goal: control characters"],
    ["a missing goal", conversion, ["goal"], undefined, "events.0.goal: required"],
    ["a value beyond MAX_VALUE", conversion, ["value"], MAX_VALUE * 1.0001, `events.0.value: must be within ±${MAX_VALUE}`],
    ["a null value", conversion, ["value"], null, "events.0.value: must be a number"],
    ["a string value", conversion, ["value"], "10", "events.0.value: must be a number"],
    ["a fractional timing", exposure, ["msToApply"], 1.5, "events.0.msToApply: must be an integer"],
    ["a negative timing", exposure, ["msHidden"], -1, "events.0.msHidden: must be >= 0"],
    ["a timing above MAX_TIMING_MS", exposure, ["msHidden"], MAX_TIMING_MS + 1, `events.0.msHidden: must be <= ${MAX_TIMING_MS}`],
    ["a bad arm id", exposure, ["arm"], "arm 1", "events.0.arm: must be 1-64 characters of A-Z a-z 0-9 _ -"],
    ["a missing test", exposure, ["test"], undefined, "events.0.test: required"],
    ["a click without el", click, ["el"], undefined, "events.0.el: required"],
    ["an over-long selector", click, ["el", "sel"], "s".repeat(MAX_SELECTOR_LENGTH + 1), "events.0.el.sel: too long"],
    ["an over-long element id", click, ["el", "id"], "i".repeat(MAX_ELEMENT_ID_LENGTH + 1), "events.0.el.id: too long"],
    ["an empty tag", click, ["el", "tag"], "", "events.0.el.tag: empty"],
    ["an href with a query string", click, ["el", "href"], "https://x.example/p?email=a@b.c", "events.0.el.href: must be origin + path, or a scheme only"],
    ["an href with a fragment", click, ["el", "href"], "https://x.example/p#secret", "events.0.el.href: must be origin + path, or a scheme only"],
    ["a mailto href with an address", click, ["el", "href"], "mailto:someone@example.com", "events.0.el.href: must be origin + path, or a scheme only"],
    ["a checkout token with a space", { type: "checkout", id: "c1", ts: 1, path: "/", order: "42" }, ["checkout"], "a b", "events.0.checkout: must be a checkout token"],
    ["a 257-character checkout token", { type: "checkout", id: "c1", ts: 1, path: "/", order: "42" }, ["checkout"], "t".repeat(257), "events.0.checkout: must be a checkout token"],
    ["an href with NUL", click, ["el", "href"], "https://x.example/a\u0000b", "events.0.el.href: control characters"],
    ["a goal with a lone surrogate", conversion, ["goal"], "sign\ud800up", "events.0.goal: lone surrogate"],
    ["a selector with a lone low surrogate", click, ["el", "sel"], "a.\udc00", "events.0.el.sel: lone surrogate"],
  ])("rejects %s", (_, event, path, value, expected) => {
    expect(issuesOf(batch([withField(event, path, value)]))).toEqual([expected]);
  });

  it.each<[string, unknown, string]>([
    ["at the top", { ...batch(), text: "typed by the visitor" }, "text: unknown field"],
    ["in an event", batch([{ ...pageview, title: "x" }]), "events.0.title: unknown field"],
    ["in an event of another kind's field", batch([{ ...pageview, goal: "x" }]), "events.0.goal: unknown field"],
    ["in the element", batch([{ ...click, el: { ...click.el, text: "Buy now" } }]), "events.0.el.text: unknown field"],
    ["named __proto__", JSON.parse('{"v":1,"site":"site-1","vid":"v","sid":"s","sent":1,"events":[{"id":"e","ts":1,"path":"/","type":"pageview"}],"__proto__":{"x":1}}'), "__proto__: unknown field"],
  ])("rejects an unknown key %s", (_, body, expected) => {
    expect(issuesOf(body)).toEqual([expected]);
  });

  it("escapes and shortens unknown key names in issues", () => {
    const [issue] = issuesOf({ ...batch(), ["k\u0000\n" + "x".repeat(100)]: 1 });
    expect(issue).toBe(`k\\u0000\\u000a${"x".repeat(37)}...: unknown field`);
  });

  it("refuses more than MAX_BATCH_EVENTS events without validating them", () => {
    expect(issuesOf(batch(Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => pageview)))).toEqual([`events: at most ${MAX_BATCH_EVENTS} events`]);
    expect(issuesOf(batch(Array.from({ length: 100_000 }, () => "junk")))).toHaveLength(1);
  });

  it.each([null, undefined, 42, "text", [], [batch()]])("rejects the non-object body %j", (body) => {
    expect(issuesOf(body)).toEqual(["body: must be an object"].map((s) => (body === undefined ? "body: required" : s)));
  });

  it(`reports at most ${MAX_ISSUES} issues`, () => {
    const bad = { id: "", ts: -1, path: "x", type: "conversion", goal: "", value: "x" };
    const issues = issuesOf(batch(Array.from({ length: MAX_BATCH_EVENTS }, () => bad)));
    expect(issues).toHaveLength(MAX_ISSUES);
    expect(issues[0]).toBe("events.0.id: must be 1-64 characters of A-Z a-z 0-9 _ -");
  });

  it("never throws on arbitrary JSON", () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ v: fc.jsonValue(), events: fc.array(fc.jsonValue()) })), (body) => {
        const r = parseEventBatch(body);
        return r.ok ? satisfiesLimits(r.value) : r.issues.length >= 1 && r.issues.length <= MAX_ISSUES;
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on hostile objects", () => {
    const throwing = new Proxy({}, { get: () => { throw new Error("boom"); }, ownKeys: () => { throw new Error("boom"); } });
    expect(parseEventBatch(throwing).ok).toBe(false);
    expect(parseEventBatch(batch([throwing])).ok).toBe(false);
  });

  it("accepts well-formed random batches, and everything it accepts is within the limits", () => {
    fc.assert(
      fc.property(arbitraryBatch, fc.context(), (body, ctx) => {
        const r = parseEventBatch(body);
        ctx.log(JSON.stringify(r.ok ? "ok" : r.issues));
        // Unchanged, but for a hidden time past the hiding timeout, which counts as the timeout.
        const expected = { ...body, events: body.events.map((e) => ("msHidden" in e ? { ...e, msHidden: Math.min(e.msHidden, HIDE_TIMEOUT_MS) } : e)) };
        return r.ok && satisfiesLimits(r.value) && JSON.stringify(r.value) === JSON.stringify(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("rejects near-miss batches, and whatever it accepts is within the limits", () => {
    fc.assert(
      fc.property(arbitraryBatch, fc.array(fc.constantFrom(...nearMisses), { minLength: 1, maxLength: 3 }), (body, mutations) => {
        let mutated: unknown = body;
        for (const m of mutations) mutated = m(mutated as ReturnType<typeof batch>);
        const r = parseEventBatch(mutated);
        return !r.ok || satisfiesLimits(r.value);
      }),
      { numRuns: 1000 },
    );
  });
});

// The table the snippet's tests run too (app/wire/rules/goal.cases.json): every label the snippet sends is accepted.
describe("conversion goal labels (shared cases)", () => {
  it.each(goalLabels.valid)("accepts %j", (goal) => {
    expect(parseEventBatch(batch([{ ...conversion, goal }])).ok).toBe(true);
  });
  it.each(goalLabels.invalid)("refuses %j", (goal) => {
    expect(issuesOf(batch([{ ...conversion, goal }]))).toEqual([
      `events.0.goal: ${goal === "" ? "empty" : goal.length > MAX_GOAL_LENGTH ? "too long" : /[\u0000-\u001f\u007f]/.test(goal) ? "control characters" : "lone surrogate"}`,
    ]);
  });
});

// Issue 20, row 2: text PostgreSQL cannot store (NUL, half a surrogate pair) once passed validation and
// then failed the whole group-commit transaction, every site's batches in it. Every string field of every
// event kind is now wire text (app/wire/rules/text.ts) or an ASCII pattern, so none can carry it.
describe("every string field is storable text", () => {
  const checkout = { id: "e5", ts: T, path: "/", type: "checkout", order: "5001" };
  /** Every path to a string in a batch holding one event of each kind (checkout as on /api/collect). */
  const body = batch([pageview, click, exposure, conversion, checkout], { shop: "my-shop.myshopify.com" });
  const stringPaths: Array<Array<string | number>> = [];
  const walk = (value: unknown, at: Array<string | number>) => {
    if (typeof value === "string") stringPaths.push(at);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, [...at, Array.isArray(value) ? Number(k) : k]);
  };
  walk(body, []);
  const hostile = ["\ud800", "\udfff", "\u0000", "/\ud83c", "https://x.example/a\u0000b", "a\udc00b"];

  it("covers every field of every kind", () => expect(stringPaths.length).toBeGreaterThanOrEqual(20));
  it.each(stringPaths.flatMap((p) => hostile.map((h) => [p.join("."), p, h] as const)))("refuses %s = %j", (_name, path, text) => {
    expect(parseEventBatch(withField(body, path, text)).ok).toBe(false);
  });
  it.each(stringPaths.map((p) => [p.join("."), p] as const))("refuses %s with a lone surrogate appended to its valid value", (_name, path) => {
    const valid = path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], body) as string;
    expect(parseEventBatch(withField(body, path, valid + "\ud800")).ok).toBe(false);
    expect(parseEventBatch(withField(body, path, valid.slice(0, 1) + "\u0000" + valid.slice(1))).ok).toBe(false);
  });
});

// The shared wire-text cases (app/wire/rules/text.cases.json) through the fields that take free text.
describe("wire text in the batch's free-text fields (shared cases)", () => {
  const fields: Array<[string, object, Array<string | number>, (t: string) => string]> = [
    ["path", pageview, ["path"], (t) => "/" + t],
    ["el.sel", click, ["el", "sel"], (t) => t],
    ["el.id", click, ["el", "id"], (t) => t],
    ["el.tag", click, ["el", "tag"], (t) => t],
    ["el.href", click, ["el", "href"], (t) => "https://x.example/" + t],
    ["goal", conversion, ["goal"], (t) => t],
  ];
  const invalid = textCases.invalid.filter((t) => t.length > 0 && t.length <= textCases.max);
  it.each(fields.flatMap(([name, event, path, wrap]) => textCases.valid.filter((t) => !/[\s?#]/.test(t)).map((t) => [name, t, event, path, wrap] as const)))(
    "%s accepts %j",
    (_name, text, event, path, wrap) => expect(parseEventBatch(batch([withField(event, path, wrap(text))])).ok).toBe(true),
  );
  it.each(fields.flatMap(([name, event, path, wrap]) => invalid.map((t) => [name, t, event, path, wrap] as const)))(
    "%s refuses %j",
    (_name, text, event, path, wrap) => expect(parseEventBatch(batch([withField(event, path, wrap(text))])).ok).toBe(false),
  );
});

describe("parseJsonText", () => {
  it("parses JSON and reports anything else", () => {
    expect(parseJsonText('{"a":[1]}')).toEqual({ ok: true, value: { a: [1] } });
    expect(parseJsonText("null")).toEqual({ ok: true, value: null });
    for (const text of ["", "{", "undefined", "{'a':1}", "\u0000"]) {
      expect(parseJsonText(text)).toEqual({ ok: false, issues: ["body: not valid JSON"] });
    }
  });

  it("never throws", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => typeof parseJsonText(text).ok === "boolean"));
  });
});

// An independent restatement of the limits, so the schema is checked against the contract, not itself.
function satisfiesLimits(b: EventBatch): boolean {
  const id = (s: unknown) => typeof s === "string" && ID_PATTERN.test(s);
  const noControl = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);
  const text = (s: unknown, max: number) => typeof s === "string" && s.length >= 1 && s.length <= max && noControl(s);
  const positive = (n: unknown) => typeof n === "number" && Number.isFinite(n) && n > 0;
  const timing = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= MAX_TIMING_MS;
  const keys = (o: object, allowed: string[]) => Object.keys(o).every((k) => allowed.includes(k));
  const base = ["id", "ts", "path", "type"];
  return (
    b.v === 1 &&
    typeof b.site === "string" && /^[a-z0-9][a-z0-9-]{2,63}$/.test(b.site) && id(b.vid) && id(b.sid) &&
    (b.shop === undefined || SHOP_PATTERN.test(b.shop)) &&
    positive(b.sent) &&
    keys(b, ["v", "site", "vid", "sid", "shop", "sent", "events"]) &&
    b.events.length >= 1 && b.events.length <= MAX_BATCH_EVENTS &&
    b.events.every((e) => {
      if (!(id(e.id) && positive(e.ts) && typeof e.path === "string" && e.path.startsWith("/") && e.path.length <= MAX_PATH_LENGTH && noControl(e.path))) return false;
      switch (e.type) {
        case "pageview":
          return keys(e, base);
        case "click":
          return (
            keys(e, [...base, "el"]) && keys(e.el, ["tag", "id", "sel", "href"]) &&
            text(e.el.tag, MAX_SELECTOR_LENGTH) && text(e.el.sel, MAX_SELECTOR_LENGTH) &&
            (e.el.id === undefined || text(e.el.id, MAX_ELEMENT_ID_LENGTH)) &&
            (e.el.href === undefined || (e.el.href.length <= MAX_SELECTOR_LENGTH && !/[?#\s]/.test(e.el.href)))
          );
        case "exposure":
          return keys(e, [...base, "test", "arm", "msToApply", "msHidden"]) && id(e.test) && id(e.arm) && timing(e.msToApply) && timing(e.msHidden);
        case "conversion":
          return (
            keys(e, [...base, "goal", "value"]) && text(e.goal, MAX_GOAL_LENGTH) &&
            (e.value === undefined || (Number.isFinite(e.value) && Math.abs(e.value) <= MAX_VALUE))
          );
        default:
          return false;
      }
    })
  );
}

const arbId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const arbTs = fc.integer({ min: 1, max: 4_102_444_800_000 });
const arbPath = fc.string({ maxLength: MAX_PATH_LENGTH - 1 }).filter((s) => !/[\u0000-\u001f\u007f]/.test(s)).map((s) => `/${s}`);
const arbText = (max: number) => fc.string({ minLength: 1, maxLength: max, unit: "grapheme-ascii" }).filter((s) => !/[\u0000-\u001f\u007f]/.test(s));
const arbEvent = fc.oneof(
  fc.record({ id: arbId, ts: arbTs, path: arbPath, type: fc.constant("pageview") }),
  fc.record(
    {
      id: arbId,
      ts: arbTs,
      path: arbPath,
      type: fc.constant("click"),
      el: fc.record(
        {
          tag: fc.constantFrom("a", "button", "summary", "my-element"),
          id: arbText(MAX_ELEMENT_ID_LENGTH),
          sel: arbText(MAX_SELECTOR_LENGTH),
          href: fc.constantFrom("https://a.example/x", "http://b.example", "mailto:", "tel:"),
        },
        { requiredKeys: ["tag", "sel"] },
      ),
    },
  ),
  fc.record({
    id: arbId,
    ts: arbTs,
    path: arbPath,
    type: fc.constant("exposure"),
    test: arbId,
    arm: arbId,
    msToApply: fc.integer({ min: 0, max: MAX_TIMING_MS }),
    msHidden: fc.integer({ min: 0, max: MAX_TIMING_MS }),
  }),
  fc.record(
    {
      id: arbId,
      ts: arbTs,
      path: arbPath,
      type: fc.constant("conversion"),
      goal: arbText(MAX_GOAL_LENGTH),
      value: fc.double({ min: -MAX_VALUE, max: MAX_VALUE, noNaN: true }),
    },
    { requiredKeys: ["id", "ts", "path", "type", "goal"] },
  ),
);
const arbitraryBatch = fc.record(
  {
    v: fc.constant(1 as const),
    site: fc.stringMatching(/^[a-z0-9][a-z0-9-]{2,63}$/),
    vid: arbId,
    sid: arbId,
    shop: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}\.myshopify\.com$/),
    sent: arbTs,
    events: fc.array(arbEvent, { minLength: 1, maxLength: MAX_BATCH_EVENTS }),
  },
  { requiredKeys: ["v", "site", "vid", "sid", "sent", "events"] },
);

type Body = ReturnType<typeof batch>;
const nearMisses: Array<(b: Body) => unknown> = [
  (b) => ({ ...b, v: 2 }),
  (b) => ({ ...b, extra: true }),
  (b) => ({ ...b, sent: Infinity }),
  (b) => ({ ...b, events: [...b.events, ...b.events, ...b.events] }),
  (b) => ({ ...b, events: b.events.map((e) => ({ ...(e as object), path: "relative" })) }),
  (b) => ({ ...b, events: b.events.map((e) => ({ ...(e as object), goal: "g".repeat(MAX_GOAL_LENGTH + 1) })) }),
  (b) => ({ ...b, events: b.events.map((e) => ({ ...(e as object), value: MAX_VALUE * 2 })) }),
  (b) => ({ ...b, events: b.events.map((e) => ({ ...(e as object), msHidden: 0.5 })) }),
  (b) => ({ ...b, events: b.events.map((e) => ({ ...(e as object), ts: -1 })) }),
  (b) => ({ ...b, site: "" }),
];
