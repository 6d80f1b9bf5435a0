// Entry point: one instance per page; privacy and consent first, then identity, variants and events.
import type { SvcEvent } from "../../app/wire/events";
import { ENDPOINTS, MAX_TIMING_MS } from "../../app/wire/limits";
import type { Assignment, PatchesResponse } from "../../app/wire/patches";
import { matchesAnyPath } from "../../app/wire/rules/targeting";
import { pageConditionsHold, pageText } from "../../app/wire/rules/audience";
import { publish, unpublish } from "./api";
import { cacheConfig, cachedConfig, changedSelectors, parsePatches } from "./config";
import { whenConsented } from "./consent";
import { conversionFields, createDeduper } from "./convert";
import { editorToken, loadEditor } from "./editor";
import { describeElement, interactiveTarget, makeEvent } from "./events";
import { hideWhileLoading, msHidden, reveal, waived } from "./flicker";
import { watchGoals } from "./goals";
import { guard } from "./guard";
import { getJSON, withDeadline } from "./http";
import { landing, saveSessionState, sessionState, touchSession, visitorId } from "./identity";
import { watchNavigation } from "./navigation";
import { showArm } from "./patches";
import { previewToken } from "./preview";
import { privacySignal } from "./privacy";
import { markRedirect, redirectTarget, takeRedirectMark } from "./redirect";
import { followCustomerPrivacy, isShopify, saveSessionOnCart, shopifyGlobal } from "./shopify";
import { removeAll } from "./storage";
import { readTag, type Tag } from "./tag";
import { HIDE_TIMEOUT_MS } from "../../app/wire/hide";
import { CONVERT_DEDUPE_MS, MAX_EVENTS_PER_PAGEVIEW, PATCHES_TIMEOUT_MS } from "./timing";
import { createTransport } from "./transport";
import { EMBED } from "./build-flags";
import { learn, localConfig } from "./local";

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
/** The audience facts (landing and Shopify's), sent with each batch too, for the segment results (EventBatch `l`). */
let facts: string;
/**
 * performance.now() msToApply counts from: navigation start, a single-page navigation, or the moment svc may
 * start after it stood aside for a consent still to come (the wait for the shopper's answer is not svc's cost).
 */
let began = 0;

const clampMs = (ms: number) => Math.min(MAX_TIMING_MS, Math.max(0, Math.round(ms))) || 0;
const armsHere = (res: PatchesResponse, tag: Tag) =>
  res.tests.filter((a) => matchesAnyPath(a.pages, location.pathname, tag.template) && pageConditionsHold(a.if, pageText(location.search, document.cookie)));

function start(tag: Tag, shopify: boolean): void {
  if (phase !== Phase.IDLE) return;
  // The audience facts this visitor's answer depends on (docs/audiences.md), read before the id is made.
  facts = landing() + "&a=" + (tag.aud ?? "");
  const vid = visitorId();
  if (!vid) return reveal(); // No durable visitor id, no meaningful data: stand down.
  phase = Phase.LOADING;
  if (waived) began = performance.now();
  const now = Date.now();
  // In preview the cache is neither read nor written: the forced arm is not this visitor's assignment.
  preview = previewToken();
  const cached = preview ? null : cachedConfig(vid, now, facts);
  if (cached?.fresh) return settle(tag, shopify, vid, cached.res);

  const sid = touchSession(now);
  // Shopify's embed prints the running tests: the arm is known at once, and the request only refreshes the cache.
  const local = EMBED && !preview && localConfig(vid);
  if (cached && !local) hideWhileLoading(changedSelectors(armsHere(cached.res, tag)));
  const url =
    `${tag.base}${ENDPOINTS.patches}?site=${tag.site}&vid=${vid}&sid=${sid}` +
    facts +
    (preview && `&preview=${preview}`);
  // Cached even when it comes too late for this pageview: the next one applies it at once.
  const config = getJSON(url).then((body) => {
    const res = parsePatches(body);
    // Consent withdrawn meanwhile: store nothing more.
    // The page's plan may still list a test the server stopped: remembered, so it is not applied from a plan again.
    if (res && phase !== Phase.STOPPED && !preview) cacheConfig(vid, res, Date.now(), facts, EMBED && learn(res));
    return res;
  });
  if (local) return settle(tag, shopify, vid, local);
  void withDeadline(config, PATCHES_TIMEOUT_MS).then(guard((res) => settle(tag, shopify, vid, res)));
}

/**
 * The config is known (or failed) and the page is revealed in the same task. Failed or malformed: svc
 * stays absent. Known after the original may have been seen (msHidden() undefined): svc runs, but this
 * page's arms stay off, so the pageview still counts and the visitor is simply not exposed here.
 */
function settle(tag: Tag, shopify: boolean, vid: string, res: PatchesResponse | undefined): void {
  try {
    if (res && phase === Phase.LOADING) run(tag, shopify, vid, res, msHidden());
  } finally {
    reveal();
  }
}

function run(tag: Tag, shopify: boolean, vid: string, res: PatchesResponse, hidden: number | undefined): void {
  const mark = takeRedirectMark(Date.now());
  for (const arm of armsHere(res, tag)) {
    const to = arm.redirect && redirectTarget(arm.redirect, location.href);
    if (to && !mark && markRedirect(arm.test, arm.arm, began)) {
      // The landing page records the exposure; this page records nothing.
      location.replace(to);
      return;
    }
  }
  phase = Phase.RUNNING;

  let sid = touchSession(Date.now());
  let state = sessionState(sid);
  let count = 0;
  /** The arms on screen now, each with its undo. */
  const shown = new Map<Assignment, () => void>();
  /** Each arm shown on this page, with what its exposure reported: [arm, msHidden, msToApply]. */
  const seen: [Assignment, number, number][] = [];
  const transport = createTransport(tag.base + (tag.shop ? ENDPOINTS.collect : ENDPOINTS.events), () => ({
    v: 1,
    site: tag.site,
    vid,
    sid,
    l: facts,
    ...(tag.shop && { shop: tag.shop }),
  }));
  teardown.push(transport.stop, () => {
    for (const undo of shown.values()) undo();
  });

  // A session that lapsed while the page stayed open starts again, with the arms still on screen.
  const currentSession = () => {
    const now = touchSession(Date.now());
    if (now === sid) return;
    transport.flush();
    sid = now;
    state = sessionState(sid);
    for (const s of seen) expose(...s);
  };
  const track = <T extends EventType>(type: T, fields: Fields<T>) => {
    if (preview || phase !== Phase.RUNNING || ++count > MAX_EVENTS_PER_PAGEVIEW) return;
    currentSession();
    transport.push(makeEvent(type, fields));
  };
  // msToApply is counted from `began` unless given (a redirect's landing counts from the first page).
  const expose = (arm: Assignment, msHidden: number, msToApply = performance.now() - began) => {
    currentSession();
    if (!seen.some(([a]) => a === arm)) seen.push([arm, msHidden, msToApply]);
    if (state.exposed.includes(arm.test)) return; // once per test per session
    state.exposed.push(arm.test);
    saveSessionState(state);
    track("exposure", { test: arm.test, arm: arm.arm, msToApply: clampMs(msToApply), msHidden: clampMs(msHidden) });
  };
  const dedupe = createDeduper(CONVERT_DEDUPE_MS);
  const convert = (goal?: unknown, value?: unknown) => {
    const fields = conversionFields(goal, value);
    if (fields && !dedupe(fields.goal + "\n" + fields.value, Date.now())) track("conversion", fields);
  };
  // Arms of this path go on screen and arms of the previous one come off. A redirect arm is shown only
  // where its URL already is: single-page navigations never follow redirects.
  const showHere = () => {
    const here =
      hidden === undefined ? [] : armsHere(res, tag).filter((a) => !a.redirect || redirectTarget(a.redirect, location.href) === "");
    for (const [arm, undo] of shown)
      if (!here.includes(arm)) {
        shown.delete(arm);
        undo();
      }
    for (const arm of here)
      // A number by now: while it is undefined no arm is listed here, and it is 0 after the first call.
      if (!shown.has(arm)) shown.set(arm, showArm(arm, (a) => expose(a, hidden as number)));
    hidden = 0;
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
  const visit = watchGoals(
    res.tests.flatMap((a) => a.goals ?? []),
    convert,
    tag.template,
  );
  visit(location.pathname);
  const landed = mark && res.tests.find((a) => a.test === mark.test && a.arm === mark.arm);
  if (landed) expose(landed, 0, Date.now() - mark.origin);
  showHere();

  publish(convert, (test, arm) => {
    for (const a of shown.keys()) if (a.test === test && a.arm === arm) expose(a, 0);
  });

  watchNavigation(() => {
    if (phase !== Phase.RUNNING) return;
    began = performance.now();
    count = 0;
    track("pageview", {});
    showHere();
    visit(location.pathname);
  });

  if ((EMBED || shopify) && !state.cart) {
    const s = state;
    saveSessionOnCart(s.sid, vid, () => {
      s.cart = true;
      if (phase === Phase.RUNNING) saveSessionState(s);
    });
  }
}

function stop(): void {
  // Not started yet: consent is still to come (or refused for now), and may yet be given on this pageview.
  reveal(phase === Phase.IDLE);
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
  if (!tag) return reveal();
  // `!!w`, not `true`: the build writes boolean literals as 1 and 0 (snippet/build.mjs), and this mark is the page's to read.
  w[ONCE] = !!w;
  // The merchant's visual editor: no test runs and nothing is collected on this pageview.
  const editing = editorToken(location.hash);
  if (editing) return loadEditor(tag.base, editing), reveal();
  if (privacySignal()) return reveal();
  const shopify = EMBED || isShopify(tag);
  const begin = guard(() => {
    // Consent still to come (a prompt, a slow API): whatever hides shows again at the deadline, as CSS does.
    setTimeout(guard(() => phase < Phase.RUNNING && reveal(phase === Phase.IDLE)), HIDE_TIMEOUT_MS - performance.now());
    if (!shopify) whenConsented(tag, guard(() => start(tag, false)));
    // The theme editor previews the store to its merchant: no tests, no data there.
    else if (shopifyGlobal()?.designMode) reveal();
    else followCustomerPrivacy((allowed) => (allowed ? start(tag, true) : stop()));
  });
  // A prerendered page may never be seen: wait until it is shown.
  if ((document as { prerendering?: boolean }).prerendering)
    document.addEventListener("prerenderingchange", begin, { once: true });
  else begin();
}

try {
  boot();
} catch {
  // Whatever failed, the page shows as if svc were not installed.
  guard(reveal)();
}
