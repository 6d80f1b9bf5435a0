// The admin's "would this visitor match?" check: a described visitor run through the audience rules as the
// server and the snippet would run them (app/wire/rules/audience.ts), rule by rule.
import {
  landingQuery, pageConditions, pageConditionsHold, pageText, ruleMatches, visitorFacts, type AudienceRule, type DeviceClass,
} from "~/wire/rules/audience";

/** A visitor as the merchant describes them; every field as typed (empty: not known). */
export interface SampleVisitor {
  device: DeviceClass;
  visitor: "new" | "returning";
  /** The page's URL, with its query: the landing page's UTM parameters and the query parameter rules read it. */
  url: string;
  /** The page the visitor came from (empty: a direct visit). */
  referrer: string;
  /** Two-letter country code. */
  country: string;
  /** Shopify: the market's handle, the storefront's language, the cart's currency, logged in or not. */
  market: string;
  language: string;
  currency: string;
  customer: "logged-in" | "guest";
  /** The page's cookies as document.cookie spells them: "a=1; vip=gold". */
  cookies: string;
}

export const emptySampleVisitor = (): SampleVisitor => ({
  device: "desktop", visitor: "new", url: "", referrer: "", country: "", market: "", language: "", currency: "", customer: "guest", cookies: "",
});

export interface SampleCheck {
  matches: boolean;
  /** Whether each rule holds, in the rules' order. */
  rules: boolean[];
}

/** Whether the sample visitor is in the audience: the landing facts the snippet would send, read back as the server does. */
export function checkSampleVisitor(audience: readonly AudienceRule[], sample: SampleVisitor): SampleCheck {
  let page: URL | null = null;
  try {
    page = new URL(sample.url.trim() || "/", "https://storefront.invalid");
  } catch {
    // An unreadable URL is a page without a query.
  }
  const search = page?.search ?? "";
  const landing = new URLSearchParams(landingQuery(search, sample.referrer.trim(), sample.visitor === "new"));
  const facts = {
    ...visitorFacts({
      ...Object.fromEntries(landing),
      pageHost: page?.host,
      country: sample.country.trim(),
      a: [sample.market.trim(), sample.language.trim(), sample.currency.trim(), sample.customer === "logged-in" ? "1" : "0"].join("|"),
    }),
    device: sample.device,
  };
  const text = pageText(search, sample.cookies.trim());
  const rules = audience.map((rule) => ruleMatches(rule, facts) && pageConditionsHold(pageConditions([rule]), text));
  return { matches: rules.every(Boolean), rules };
}
