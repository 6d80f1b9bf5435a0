import { afterEach, describe, expect, it } from "vitest";
import cases from "../../app/wire/rules/audience.cases.json";
import { landingQuery, pageConditions, pageConditionsHold, pageText, type AudienceRule } from "../../app/wire/rules/audience";
import { landing } from "../src/identity";

// The same tables the server's tests run (app/wire/rules/audience.test.ts), for the parts of the audience
// rules the snippet bundles: the landing facts it sends, and the page conditions it checks.
describe("landing facts (shared cases)", () => {
  it.each(cases.landing as [string, string, boolean, string][])("landing %j from %j (new %s) → %j", (search, referrer, isNew, expected) => {
    expect(landingQuery(search, referrer, isNew)).toBe(expected);
  });
});

describe("page conditions (shared cases)", () => {
  it.each(cases.page as [AudienceRule[], string, string, boolean][])("%j on %j with cookies %j → %s", (rules, search, cookie, expected) => {
    expect(pageConditionsHold(pageConditions(rules), pageText(search, cookie))).toBe(expected);
  });
});

describe("landing", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    history.replaceState(null, "", "/");
  });

  it("is taken once per tab session, before the visitor id exists, and kept for the session's later pages", () => {
    history.replaceState(null, "", "/?utm_source=newsletter&utm_medium=email&email=someone%40example.com");
    expect(landing()).toBe("&nv=1&ref=&utm_source=newsletter&utm_medium=email");
    localStorage.setItem("svc_vid", "v".repeat(32));
    history.replaceState(null, "", "/later");
    expect(landing()).toBe("&nv=1&ref=&utm_source=newsletter&utm_medium=email");
    expect(sessionStorage.getItem("svc_l")).toBe("&nv=1&ref=&utm_source=newsletter&utm_medium=email");
  });

  it("a new tab session of a known visitor is a returning visitor's", () => {
    localStorage.setItem("svc_vid", "v".repeat(32));
    expect(landing()).toBe("&nv=0&ref=&");
  });
});
