// Entry point: one instance per page; privacy and consent first, then identity, variants and events.
import type { SvcEvent } from "../../app/wire/events";
import { ENDPOINTS, MAX_TIMING_MS } from "../../app/wire/limits";
import type { Assignment, PatchesResponse } from "../../app/wire/patches";
import { matchesAnyPath } from "../../app/wire/targeting";
import { publish, unpublish } from "./api";
import { cacheConfig, cachedConfig, changedSelectors, parsePatches } from "./config";
import { whenConsented } from "./consent";
import { conversionFields, createDeduper } from "./convert";
import { describeElement, interactiveTarget, makeEvent } from "./events";
import { hideWhileLoading } from "./flicker";
import { watchGoals } from "./goals";
import { guard } from "./guard";
import { getJSON, withDeadline } from "./http";
import { saveSessionState, sessionState, touchSession, visitorId } from "./identity";
import { showArms } from "./patches";
import { previewToken } from "./preview";
import { privacySignal } from "./privacy";
import { markRedirect, redirectTarget, takeRedirectMark } from "./redirect";
import { followCustomerPrivacy, isShopify, saveSessionOnCart, shopifyGlobal } from "./shopify";
import { removeAll } from "./storage";
import { readTag, type Tag } from "./tag";
import { CONVERT_DEDUPE_MS, MAX_EVENTS_PER_PAGEVIEW, PATCHES_TIMEOUT_MS } from "./timing";
import { createTransport } from "./transport";

type EventType = SvcEvent["type"];
type Fields<T extends EventType> = Parameters<typeof makeEvent<T>>[1];

const ONCE = Symbol.for("svc.snippet");
// Inlined as numbers by the build.
const enum Phase {
  IDLE,
  LOADING,
  RUNNING,
  STOPPED,
}
let phase = Phase.IDLE;
const teardown: (() => void)[] = [];
/** A merchant's preview token (empty or null: none): its forced arm is shown, and no event of any kind is sent. */
let preview: string | null;

const clampMs = (ms: number) => Math.min(MAX_TIMING_MS, Math.max(0, Math.round(ms))) || 0;
const armsHere = (res: PatchesResponse, tag: Tag) =>
  res.tests.filter((a) => matchesAnyPath(a.pages, location.pathname, tag.template));

function start(tag: Tag, shopify: boolean): void {
  if (phase !== Phase.IDLE) return;
  const vid = visitorId();
  if (!vid) return; // No durable visitor id, no meaningful data: stand down.
  phase = Phase.LOADING;
  const now = Date.now();
  // In preview the cache is neither read nor written: the forced arm is not this visitor's assignment.
  preview = previewToken();
  const cached = preview ? null : cachedConfig(vid, now);
  if (cached?.fresh) return run(tag, shopify, vid, cached.res, 0);

  const sid = touchSession(now);
  const reveal = hideWhileLoading(cached ? changedSelectors(armsHere(cached.res, tag)) : []);
  const url =
    `${tag.base}${ENDPOINTS.patches}?site=${encodeURIComponent(tag.site)}&vid=${vid}&sid=${sid}` +
    `&url=${encodeURIComponent(location.origin + location.pathname)}` +
    (preview && `&preview=${preview}`);
  // Cached even when it comes too late for this pageview: the next one applies it at once.
  const config = getJSON(url).then((body) => {
    const res = parsePatches(body);
    // Consent withdrawn meanwhile: store nothing more.
    if (res && phase !== Phase.STOPPED && !preview) cacheConfig(vid, res, Date.now());
    return res;
  });
  void withDeadline(config, PATCHES_TIMEOUT_MS).then(
    guard((res) => {
      const msHidden = reveal();
      // Late, failed or malformed: the original stays, and svc stays absent on this pageview.
      if (res && msHidden !== undefined && phase === Phase.LOADING) run(tag, shopify, vid, res, msHidden);
    }),
  );
}

function run(tag: Tag, shopify: boolean, vid: string, res: PatchesResponse, msHidden: number): void {
  const mark = takeRedirectMark(Date.now());
  const shown: Assignment[] = [];
  for (const arm of armsHere(res, tag)) {
    const to = arm.redirect === undefined ? "" : redirectTarget(arm.redirect, location.href);
    if (to === "") shown.push(arm);
    else if (to && !mark && markRedirect(arm.test, arm.arm)) {
      // The landing page records the exposure; this page records nothing.
      location.replace(to);
      return;
    }
  }
  phase = Phase.RUNNING;

  let sid = touchSession(Date.now());
  let state = sessionState(sid);
  let count = 0;
  const seen: [Assignment, number, number][] = [];
  const transport = createTransport(tag.base + (tag.shop ? ENDPOINTS.collect : ENDPOINTS.events), () => ({
    v: 1,
    site: tag.site,
    vid,
    sid,
    ...(tag.shop && { shop: tag.shop }),
  }));
  teardown.push(transport.stop);

  // A session that lapsed while the page stayed open starts again, with the arms still on screen.
  const currentSession = () => {
    const now = touchSession(Date.now());
    if (now === sid) return;
    transport.flush();
    sid = now;
    state = sessionState(sid);
    for (const [arm, msToApply, hidden] of seen) expose(arm, msToApply, hidden);
  };
  const track = <T extends EventType>(type: T, fields: Fields<T>) => {
    if (preview || phase !== Phase.RUNNING || ++count > MAX_EVENTS_PER_PAGEVIEW) return;
    currentSession();
    transport.push(makeEvent(type, fields));
  };
  const expose = (arm: Assignment, msToApply: number, hidden: number) => {
    currentSession();
    if (!seen.some(([a]) => a === arm)) seen.push([arm, msToApply, hidden]);
    if (state.exposed.includes(arm.test)) return; // once per test per session
    state.exposed.push(arm.test);
    saveSessionState(state);
    track("exposure", { test: arm.test, arm: arm.arm, msToApply: clampMs(msToApply), msHidden: clampMs(hidden) });
  };
  const dedupe = createDeduper(CONVERT_DEDUPE_MS);
  const convert = (goal?: unknown, value?: unknown) => {
    const fields = conversionFields(goal, value);
    if (fields && !dedupe(fields.goal + "\n" + fields.value, Date.now())) track("conversion", fields);
  };

  track("pageview", {});
  document.addEventListener(
    "click",
    guard((e: Event) => {
      const el = interactiveTarget(e.target);
      if (el) track("click", { el: describeElement(el) });
    }),
    { capture: true, passive: true },
  );
  watchGoals(
    res.tests.flatMap((a) => a.goals ?? []),
    location.pathname,
    convert,
    tag.template,
  );
  const landed = mark && res.tests.find((a) => a.test === mark.test && a.arm === mark.arm);
  if (landed) expose(landed, Date.now() - mark.origin, 0);
  teardown.push(showArms(shown, (arm) => expose(arm, performance.now(), msHidden)));

  publish(convert, (test, arm) => {
    const a = shown.find((x) => x.test === test && x.arm === arm);
    if (a) expose(a, performance.now(), 0);
  });

  if (shopify && !state.cart) {
    const s = state;
    saveSessionOnCart(s.sid, () => {
      s.cart = true;
      if (phase === Phase.RUNNING) saveSessionState(s);
    });
  }
}

function stop(): void {
  if (phase !== Phase.LOADING && phase !== Phase.RUNNING) return;
  phase = Phase.STOPPED;
  for (const f of teardown) guard(f)();
  removeAll();
  unpublish();
}

function boot(): void {
  const w = window as unknown as Record<symbol, unknown>;
  if (w[ONCE]) return; // a second tag, or the same tag loaded twice
  const tag = readTag();
  if (!tag) return;
  w[ONCE] = true;
  if (privacySignal()) return;
  const shopify = isShopify(tag);
  const begin = guard(() => {
    if (!shopify) whenConsented(tag, guard(() => start(tag, false)));
    // The theme editor previews the store to its merchant: no tests, no data there.
    else if (!shopifyGlobal()?.designMode) followCustomerPrivacy((allowed) => (allowed ? start(tag, true) : stop()));
  });
  // A prerendered page may never be seen: wait until it is shown.
  if ((document as { prerendering?: boolean }).prerendering)
    document.addEventListener("prerenderingchange", begin, { once: true });
  else begin();
}

guard(boot)();
