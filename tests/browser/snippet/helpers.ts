// Shared steps of the snippet browser tests: fixtures, waits and page-state probes.
import type { Page } from "playwright-core";
import { consentPrompt } from "../../../app/domain/consent/prompt-text";
import type { ConsentResponse } from "../../../app/wire/consent";
import type { SvcEvent } from "../../../app/wire/events";
import type { PatchesResponse } from "../../../app/wire/patches";
import type { TagOptions, TestPage } from "./harness";

/** The tag of a merchant whose consent platform already gates it (skips /api/consent). */
export const GRANTED: TagOptions = { attrs: { "data-svc-consent": "granted" } };

/** GET /api/consent's answer in a consent-required region, as the server sends it to an English browser. */
export const CONSENT_REQUIRED: ConsentResponse = { required: true, prompt: consentPrompt("en") };

/** One test on every page whose variant changes the title, promo and button. */
export const TITLE_TEST: PatchesResponse = {
  ttl: 300,
  tests: [
    {
      test: "t_title",
      arm: "b",
      pages: ["*"],
      patches: [
        { op: "text", sel: "#title", value: "Variant title" },
        { op: "html", sel: ".promo", value: "<strong>Variant promo</strong>" },
        { op: "class", sel: "#buy", add: ["big"], remove: ["small"] },
      ],
    },
  ],
};

export const GPC = `Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true, configurable: true });`;
export const DNT_NAVIGATOR = `Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1", configurable: true });`;
export const DNT_WINDOW = `window.doNotTrack = "1";`;

// Generous: it returns as soon as window.svc exists, and the CI machine runs the browser tests beside the rest.
export const svcReady = (page: Page) => page.waitForFunction(() => "svc" in window, undefined, { timeout: 15000 });

export interface Stored {
  local: Record<string, string>;
  session: Record<string, string>;
  cookies: string;
}

export const stored = (page: Page): Promise<Stored> =>
  page.evaluate(() => ({
    local: { ...localStorage },
    session: { ...sessionStorage },
    cookies: document.cookie,
  }));

export const hasSvc = (page: Page) => page.evaluate(() => "svc" in window);
export const title = (page: Page) => page.textContent("#title");

/** Makes the page "hidden", which flushes the event queue with sendBeacon. */
export const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
  });

/** All events received so far, flushing the page's queue first. */
export async function events(t: TestPage): Promise<SvcEvent[]> {
  await hidePage(t.page);
  await t.page.waitForTimeout(100);
  return t.batches().flatMap((b) => b.events);
}

/** Snapshot of html/head/body attributes and the document's markup. */
export const rootAttributes = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, document.head, document.body].map((el) =>
      [...el.attributes].map((a) => `${a.name}=${a.value}`).join(" "),
    ),
  );
