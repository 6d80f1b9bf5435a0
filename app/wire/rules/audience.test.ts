import { describe, expect, it } from "vitest";
import cases from "./audience.cases.json";
import {
  audienceAdmits, audienceRuleError, channelOf, describeAudience, deviceClass, landingQuery, pageConditions, pageConditionsHold, pageText,
  ruleMatches, shopifyFacts, storedAudience, visitorFacts, type AudienceRule, type VisitorFacts,
} from "./audience";

const nobody: VisitorFacts = {
  device: "desktop", returning: true, channel: "direct", utm: {}, country: null, market: null, language: null, currency: null, customer: null,
};

describe("audience rules (shared cases)", () => {
  it.each(cases.device as [string, string][])("device of %j is %s", (ua, expected) => {
    expect(deviceClass(ua)).toBe(expected);
  });

  it.each(cases.channel as [string | null, string | null, string | null, string | null, string, string][])(
    "utm %j/%j/%j from %j on %j → %s",
    (source, medium, campaign, ref, host, expected) => {
      const utm = { ...(source && { source }), ...(medium && { medium }), ...(campaign && { campaign }) };
      expect(channelOf(utm, ref, host)).toBe(expected);
    },
  );

  it.each(cases.landing as [string, string, boolean, string][])("landing %j from %j (new %s) → %j", (search, referrer, isNew, expected) => {
    expect(landingQuery(search, referrer, isNew)).toBe(expected);
  });

  it.each(cases.landing as [string, string, boolean, string][])("the server reads back the landing %j from %j", (search, referrer, isNew) => {
    const q = new URLSearchParams(landingQuery(search, referrer, isNew));
    const page = new URLSearchParams(search);
    const facts = visitorFacts(Object.fromEntries(q));
    expect(facts.returning).toBe(!isNew);
    for (const name of ["source", "medium", "campaign"] as const) expect(facts.utm[name]).toBe(page.get(`utm_${name}`) || undefined);
  });

  it.each(cases.page as [AudienceRule[], string, string, boolean][])("%j on %j with cookies %j → %s", (rules, search, cookie, expected) => {
    expect(pageConditionsHold(pageConditions(rules), pageText(search, cookie))).toBe(expected);
  });

  it.each(cases.shopify as [string, object][])("data-svc-aud %j", (a, expected) => {
    expect(shopifyFacts(a)).toEqual(expected);
  });

  it.each(cases.rules as [AudienceRule, Partial<VisitorFacts>, boolean][])("%j for %j → %s", (rule, facts, expected) => {
    expect(ruleMatches(rule, { ...nobody, ...facts })).toBe(expected);
    expect(audienceAdmits([rule], { ...nobody, ...facts })).toBe(expected);
  });
});

describe("audiences", () => {
  it("combines rules with AND, and admits everyone when empty", () => {
    const mobileEmail: AudienceRule[] = [{ kind: "device", values: ["mobile"] }, { kind: "channel", values: ["email"] }];
    expect(audienceAdmits(mobileEmail, { ...nobody, device: "mobile", channel: "email" })).toBe(true);
    expect(audienceAdmits(mobileEmail, { ...nobody, device: "mobile" })).toBe(false);
    expect(audienceAdmits([], nobody)).toBe(true);
  });

  it("hands the page rules to the snippet, and only those", () => {
    expect(pageConditions([{ kind: "device", values: ["mobile"] }])).toBeUndefined();
    expect(pageConditions([{ kind: "query", name: "promo", values: [] }, { kind: "cookie", name: "vip", values: ["1"] }])).toEqual([
      ["?promo=", "?promo&", "&promo=", "&promo&"],
      ["; vip=1;"],
    ]);
  });

  it("names what is wrong with a rule, by field", () => {
    expect(audienceRuleError({ kind: "device", values: ["phone"] })).toEqual({ field: "values", message: expect.stringContaining('"phone" is not one') });
    expect(audienceRuleError({ kind: "device", values: [] })?.field).toBe("values");
    expect(audienceRuleError({ kind: "utm", name: "term", values: [] })?.field).toBe("name");
    expect(audienceRuleError({ kind: "cookie", name: "a b", values: [] })?.field).toBe("name");
    expect(audienceRuleError({ kind: "query", name: "", values: [] })?.field).toBe("name");
    expect(audienceRuleError({ kind: "country", values: ["Germany"] })?.field).toBe("values");
    expect(audienceRuleError({ kind: "nope" as never, values: [] })?.field).toBe("kind");
    expect(audienceRuleError({ kind: "query", name: "promo", values: [""] })?.field).toBe("values");
    expect(audienceRuleError({ kind: "utm", name: "source", values: ["newsletter"] })).toBeNull();
  });

  it("reads the referrer's host without its port, and refuses what is no host name", () => {
    expect(visitorFacts({ ref: "news.example:8443", pageHost: "shop.example" }).channel).toBe("referral");
    expect(visitorFacts({ ref: "shop.example:443", pageHost: "shop.example" }).channel).toBe("direct");
    expect(visitorFacts({ ref: "<script>", pageHost: "shop.example" }).channel).toBe("direct");
    expect(visitorFacts({ nv: "maybe" }).returning).toBeNull();
  });

  it("reads a stored audience defensively: anything invalid is null (served to no one), never an exception", () => {
    expect(storedAudience([])).toEqual([]);
    expect(storedAudience([{ kind: "device", values: ["mobile"] }])).toEqual([{ kind: "device", values: ["mobile"] }]);
    expect(storedAudience(null)).toBeNull();
    expect(storedAudience([{ kind: "device", values: [1] }])).toBeNull();
    expect(storedAudience([{ kind: "weather", values: ["sunny"] }])).toBeNull();
    expect(storedAudience("x")).toBeNull();
    expect(describeAudience(null)).toMatch(/served to no one/);
  });

  it("says who matches in one line", () => {
    expect(describeAudience([])).toBe("Everyone");
    expect(describeAudience([{ kind: "device", values: ["mobile"] }, { kind: "utm", name: "source", values: ["newsletter"] }])).toBe(
      "On a mobile device (from the browser's User-Agent); and Landed this session with utm_source = newsletter",
    );
  });
});
