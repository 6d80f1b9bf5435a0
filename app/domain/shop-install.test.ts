import { describe, expect, it } from "vitest";
import { parseInstallState, pixelSettingsJson, planInstallWrites, sameSettings, wantedAppData } from "./shop-install";

const TARGET = { siteId: "abcdefghijklmnop", baseUrl: "https://svc.example" };
const SETTINGS = '{"siteId":"abcdefghijklmnop","baseUrl":"https://svc.example"}';

describe("planInstallWrites", () => {
  it("writes both metafields and creates the pixel on a first install", () => {
    expect(planInstallWrites({ appData: {}, pixel: null }, TARGET)).toEqual({
      appData: [
        { key: "base_url", value: "https://svc.example" },
        { key: "site_id", value: "abcdefghijklmnop" },
      ],
      pixel: { action: "create", settings: SETTINGS },
    });
  });

  it("writes nothing when the shop already holds the target", () => {
    const state = { appData: wantedAppData(TARGET), pixel: { id: "gid://shopify/WebPixel/1", settings: SETTINGS } };
    expect(planInstallWrites(state, TARGET)).toEqual({ appData: [], pixel: null });
  });

  it("accepts the pixel settings as an object too, in any key order", () => {
    const state = { appData: wantedAppData(TARGET), pixel: { id: "p", settings: { baseUrl: TARGET.baseUrl, siteId: TARGET.siteId } } };
    expect(planInstallWrites(state, TARGET).pixel).toBeNull();
  });

  it("sets only the metafield that differs", () => {
    const state = { appData: { site_id: TARGET.siteId, base_url: "https://old.example" }, pixel: { id: "p", settings: SETTINGS } };
    expect(planInstallWrites(state, TARGET)).toEqual({ appData: [{ key: "base_url", value: "https://svc.example" }], pixel: null });
  });

  it("ignores other keys of the namespace", () => {
    const state = { appData: { ...wantedAppData(TARGET), legacy: "x" }, pixel: { id: "p", settings: SETTINGS } };
    expect(planInstallWrites(state, TARGET).appData).toEqual([]);
  });

  it("updates a pixel whose settings differ, keeping its id", () => {
    const state = { appData: wantedAppData(TARGET), pixel: { id: "gid://shopify/WebPixel/7", settings: '{"siteId":"other","baseUrl":"https://svc.example"}' } };
    expect(planInstallWrites(state, TARGET).pixel).toEqual({ action: "update", id: "gid://shopify/WebPixel/7", settings: SETTINGS });
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
        shop: { name: "Acme", currency: "EUR" },
        installationId: "gid://shopify/AppInstallation/1",
        appData: { site_id: "x" },
        pixel: { id: "gid://shopify/WebPixel/2", settings: SETTINGS },
      },
    });
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
