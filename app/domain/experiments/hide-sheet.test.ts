import { describe, expect, it } from "vitest";
import { HIDE_PATH_MAX_CHARS, hideCss } from "~/wire/hide";
import { MAX_SHEET_SELECTOR_CHARS, hideSheet, hideSheetSelectors, parseHideSheetQuery } from "./hide-sheet";
import type { ArmConfig, RunningTest, ServedWinner, SiteConfig } from "../sites/site-config";

let n = 0;
const arm = (patches: unknown, redirectUrl: string | null = null): ArmConfig => ({ id: `arm${++n}`, key: `k${n}`, weight: 1, patches, redirectUrl });
const text = (sel: string) => ({ op: "text", sel, value: "new" });
const running = (pages: string[], arms: ArmConfig[], extra: Partial<RunningTest> = {}): RunningTest => ({
  id: `t${++n}`, pages, trafficPercent: 100, arms, goals: [], ...extra,
});
type Sheet = Pick<SiteConfig, "status" | "tests" | "served">;
const site = (tests: RunningTest[], served: ServedWinner[] = [], status: "active" | "paused" = "active"): Sheet => ({ status, tests, served });

describe("hideSheetSelectors", () => {
  const headline = running(["/", "/products/*"], [arm([]), arm([text("#headline"), { op: "css", value: "h1{color:red}" }, { op: "hide", sel: ".badge" }])]);
  const about = running(["/about"], [arm([]), arm([text("#about")])]);

  it("collects the element selectors of the running tests whose pages match the path, each once, in test order", () => {
    const same = running(["/products/mug"], [arm([]), arm([{ op: "style", sel: ".badge", props: { color: "red" } }, text("#price")])]);
    const s = site([headline, about, same]);
    expect(hideSheetSelectors(s, "/")).toEqual(["#headline", ".badge"]);
    expect(hideSheetSelectors(s, "/products/mug")).toEqual(["#headline", ".badge", "#price"]);
    expect(hideSheetSelectors(s, "/about")).toEqual(["#about"]);
    expect(hideSheetSelectors(s, "/contact")).toEqual([]);
  });

  it("matches as the snippet does: trailing slashes ignored, template patterns never (no template off Shopify)", () => {
    const tpl = running(["template:product"], [arm([]), arm([text("#t")])]);
    const s = site([about, tpl]);
    expect(hideSheetSelectors(s, "/about/")).toEqual(["#about"]);
    expect(hideSheetSelectors(s, "/product")).toEqual([]);
  });

  it("leaves out redirect arms and arms the server would not serve, keeps tests with an audience", () => {
    const split = running(["/"], [arm([]), arm([text("#never")], "https://example.com/b")]);
    const broken = running(["/"], [arm([]), arm([{ op: "text", sel: "#broken" }])]);
    const audience = running(["/"], [arm([]), arm([text("#for-some")])], { audience: [{ kind: "device", value: "mobile" }] as unknown as RunningTest["audience"] });
    expect(hideSheetSelectors(site([split, broken, audience]), "/")).toEqual(["#for-some"]);
  });

  it("hides what a served winner changes, and nothing on a paused site", () => {
    const winner: ServedWinner = { id: "w", pages: ["/"], arm: arm([text("#won")]) };
    expect(hideSheetSelectors(site([headline], [winner]), "/")).toEqual(["#headline", ".badge", "#won"]);
    expect(hideSheetSelectors(site([headline], [winner], "paused"), "/")).toEqual([]);
  });

  it(`leaves out a test whose selectors would take the sheet past ${MAX_SHEET_SELECTOR_CHARS} characters, and keeps the rest`, () => {
    const long = (tag: string) => Array.from({ length: 50 }, (_, i) => text(`#${tag}-${i}-${"x".repeat(200)}`));
    const first = running(["/"], [arm(long("a").slice(0, 25)), arm(long("a").slice(25))]);
    const second = running(["/"], [arm(long("b").slice(0, 25)), arm(long("b").slice(25))]);
    const small = running(["/"], [arm([text("#small")])]);
    const sels = hideSheetSelectors(site([first, second, small]), "/");
    expect(sels).toHaveLength(51);
    expect(sels.at(-1)).toBe("#small");
    expect(sels.join("").length).toBeLessThanOrEqual(MAX_SHEET_SELECTOR_CHARS);
  });

  it("answers hideCss of them as the sheet, and an empty sheet where nothing changes", () => {
    expect(hideSheet(site([headline]), "/products/x")).toBe(hideCss(["#headline", ".badge"]));
    expect(hideSheet(site([headline]), "/elsewhere")).toBe("");
  });
});

describe("parseHideSheetQuery", () => {
  it("takes a Site ID and a pathname, its trailing slashes dropped", () => {
    expect(parseHideSheetQuery("demo", "/products/mug/")).toEqual({ ok: true, value: { site: "demo", path: "/products/mug" } });
    expect(parseHideSheetQuery("demo", "///")).toEqual({ ok: true, value: { site: "demo", path: "/" } });
    expect(parseHideSheetQuery("demo", "/caf%C3%A9/a,b;c=d'e\"f")).toMatchObject({ ok: true, value: { path: "/caf%C3%A9/a,b;c=d'e\"f" } });
    expect(parseHideSheetQuery("demo", "/" + "a".repeat(HIDE_PATH_MAX_CHARS - 1))).toMatchObject({ ok: true });
  });

  it.each([
    [null, "/", "invalid-site"],
    ["", "/", "invalid-site"],
    ["-bad", "/", "invalid-site"],
    ["DEMO", "/", "invalid-site"],
    ["demo", null, "invalid-path"],
    ["demo", "", "invalid-path"],
    ["demo", "products", "invalid-path"],
    ["demo", "https://example.com/", "invalid-path"],
    ["demo", "/a?b=c", "invalid-path"],
    ["demo", "/a#b", "invalid-path"],
    ["demo", "/a b", "invalid-path"],
    ["demo", "/a\u0000", "invalid-path"],
    ["demo", "/caf\u00e9", "invalid-path"],
    ["demo", "/" + "a".repeat(HIDE_PATH_MAX_CHARS), "invalid-path"],
  ])("refuses site %j, p %j: 400 %s", (s, p, type) => {
    const parsed = parseHideSheetQuery(s, p);
    expect(parsed).toMatchObject({ ok: false, error: { status: 400, type } });
  });
});
