import { describe, expect, it } from "vitest";
import { EMPTY_HIDE_PLAN, hidePlanValue, type HidePlan } from "./hide-plan";
import { hideWrite, parseAppInstallation, parseInstallState, pixelSettingsJson, planInstallWrites, sameSettings, wantedAppData } from "./shop-install";

const TARGET = { siteId: "abcdefghijklmnop", baseUrl: "https://svc.example" };
const SETTINGS = '{"siteId":"abcdefghijklmnop","baseUrl":"https://svc.example"}';
const NONE = EMPTY_HIDE_PLAN;
const PLAN: HidePlan = { v: 1, tests: [{ id: "t1", pages: [{ pre: "/products/" }], sel: ["#title"] }] };
const TEXT = "single_line_text_field";

describe("planInstallWrites", () => {
  it("writes both metafields and creates the pixel on a first install", () => {
    expect(planInstallWrites({ appData: {}, pixel: null }, TARGET, NONE)).toEqual({
      appData: [
        { key: "base_url", type: TEXT, value: "https://svc.example" },
        { key: "site_id", type: TEXT, value: "abcdefghijklmnop" },
      ],
      pixel: { action: "create", settings: SETTINGS },
    });
  });

  it("writes nothing when the shop already holds the target", () => {
    const state = { appData: wantedAppData(TARGET), pixel: { id: "gid://shopify/WebPixel/1", settings: SETTINGS } };
    expect(planInstallWrites(state, TARGET, NONE)).toEqual({ appData: [], pixel: null });
  });

  it("accepts the pixel settings as an object too, in any key order", () => {
    const state = { appData: wantedAppData(TARGET), pixel: { id: "p", settings: { baseUrl: TARGET.baseUrl, siteId: TARGET.siteId } } };
    expect(planInstallWrites(state, TARGET, NONE).pixel).toBeNull();
  });

  it("sets only the metafield that differs", () => {
    const state = { appData: { site_id: TARGET.siteId, base_url: "https://old.example" }, pixel: { id: "p", settings: SETTINGS } };
    expect(planInstallWrites(state, TARGET, NONE)).toEqual({ appData: [{ key: "base_url", type: TEXT, value: "https://svc.example" }], pixel: null });
  });

  it("ignores other keys of the namespace", () => {
    const state = { appData: { ...wantedAppData(TARGET), legacy: "x" }, pixel: { id: "p", settings: SETTINGS } };
    expect(planInstallWrites(state, TARGET, NONE).appData).toEqual([]);
  });

  it("updates a pixel whose settings differ, keeping its id", () => {
    const state = { appData: wantedAppData(TARGET), pixel: { id: "gid://shopify/WebPixel/7", settings: '{"siteId":"other","baseUrl":"https://svc.example"}' } };
    expect(planInstallWrites(state, TARGET, NONE).pixel).toEqual({ action: "update", id: "gid://shopify/WebPixel/7", settings: SETTINGS });
  });
});

describe("the hide plan at install", () => {
  const held = { appData: wantedAppData(TARGET), pixel: { id: "p", settings: SETTINGS } };

  it("writes the plan as json, last, when the shop's differs or is absent and the plan hides something", () => {
    expect(planInstallWrites(held, TARGET, PLAN).appData).toEqual([{ key: "hide", type: "json", value: hidePlanValue(PLAN) }]);
    const first = planInstallWrites({ appData: {}, pixel: null }, TARGET, PLAN).appData;
    expect(first.map((w) => w.key)).toEqual(["base_url", "site_id", "hide"]);
  });

  it("writes nothing for a plan the shop holds, however Shopify spelled it, nor an empty plan where there is none", () => {
    const respelled = JSON.stringify({ tests: PLAN.tests, v: 1 }, null, 1);
    expect(planInstallWrites({ ...held, appData: { ...held.appData, hide: respelled } }, TARGET, PLAN).appData).toEqual([]);
    expect(planInstallWrites(held, TARGET, NONE).appData).toEqual([]);
  });

  it("empties a plan the shop still holds once no test hides anything", () => {
    expect(hideWrite({ hide: hidePlanValue(PLAN) }, NONE)).toEqual({ key: "hide", type: "json", value: '{"v":1,"tests":[]}' });
    expect(hideWrite({ hide: hidePlanValue(NONE) }, NONE)).toBeNull();
  });
});

describe("parseAppInstallation", () => {
  it("reads the installation's id and metafields", () => {
    const data = { currentAppInstallation: { id: "gid://shopify/AppInstallation/1", metafields: { nodes: [{ key: "hide", value: "{}" }] } } };
    expect(parseAppInstallation(data)).toEqual({ ok: true, value: { installationId: "gid://shopify/AppInstallation/1", appData: { hide: "{}" } } });
    expect(parseAppInstallation({ currentAppInstallation: null }).ok).toBe(false);
    expect(parseAppInstallation(null).ok).toBe(false);
  });
});

describe("sameSettings", () => {
  it.each([
    ["the same JSON text", SETTINGS, true],
    ["an extra key", '{"siteId":"abcdefghijklmnop","baseUrl":"https://svc.example","x":"1"}', false],
    ["a missing key", '{"siteId":"abcdefghijklmnop"}', false],
    ["another base URL", '{"siteId":"abcdefghijklmnop","baseUrl":"https://svc.example/"}', false],
    ["malformed JSON", '{"siteId":', false],
    ["a JSON array", "[]", false],
    ["null", null, false],
  ])("%s → %s", (_what, stored, same) => {
    expect(sameSettings(stored, TARGET)).toBe(same);
  });
});

describe("pixelSettingsJson", () => {
  it("has exactly the keys the pixel extension reads", () => {
    expect(Object.keys(JSON.parse(pixelSettingsJson(TARGET)))).toEqual(["siteId", "baseUrl"]);
  });
});

describe("parseInstallState", () => {
  const data = {
    shop: { name: "Acme", currencyCode: "EUR" },
    currentAppInstallation: { id: "gid://shopify/AppInstallation/1", metafields: { nodes: [{ key: "site_id", value: "x" }] } },
    webPixel: { id: "gid://shopify/WebPixel/2", settings: SETTINGS },
  };

  it("reads shop, installation, app data and pixel", () => {
    expect(parseInstallState(data)).toEqual({
      ok: true,
      value: {
        // No ianaTimezone in the answer: UTC.
        shop: { name: "Acme", currency: "EUR", timeZone: "UTC" },
        installationId: "gid://shopify/AppInstallation/1",
        appData: { site_id: "x" },
        pixel: { id: "gid://shopify/WebPixel/2", settings: SETTINGS },
      },
    });
  });

  it("keeps the shop's time zone when this runtime knows it, and falls back to UTC otherwise", () => {
    const zone = (ianaTimezone: unknown) => {
      const result = parseInstallState({ ...data, shop: { ...data.shop, ianaTimezone } });
      return result.ok ? result.value.shop.timeZone : result;
    };
    expect(zone("Europe/Paris")).toBe("Europe/Paris");
    expect(zone("Mars/Olympus_Mons")).toBe("UTC");
    expect(zone(null)).toBe("UTC");
  });

  it("reads a missing pixel (null, or absent after Shopify's error on that field) as none", () => {
    for (const webPixel of [null, undefined]) {
      const result = parseInstallState({ ...data, webPixel });
      expect(result.ok && result.value.pixel).toBeNull();
    }
  });

  it("refuses data without the shop or the installation", () => {
    expect(parseInstallState({ ...data, shop: null }).ok).toBe(false);
    expect(parseInstallState({ webPixel: null }).ok).toBe(false);
    expect(parseInstallState(null).ok).toBe(false);
  });
});
