// What the shopper sees, frame by frame: an init script that samples the changed elements at every
// animation frame (present? visible? original or variant content?), and the figures derived from it.

/**
 * Runs in the page before any of its scripts (playwright addInitScript). Records a change list: one entry
 * per animation frame where the sampled state differs from the previous frame's. Each element's state is
 * one letter: x missing, o visible original, v visible variant, h hidden original, H hidden variant.
 * "Visible": its own visibility is `visible`, and neither it nor any ancestor (html and body included, as
 * a page-wide anti-flicker hides html) has display none or opacity 0. `a` counts elements under body with
 * computed opacity 0, to show hiding on pages no test targets.
 */
/* global window, document, getComputedStyle, requestAnimationFrame -- the sampler runs in the page */
export function sampler({ targets, expect, ready, maxMs }) {
  const state = { changes: [], frames: 0, shifts: [], paints: {}, stopped: false };
  Object.defineProperty(window, "__svcBench", { value: state });
  const shown = (el) => {
    if (getComputedStyle(el).visibility !== "visible") return false;
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === "none" || Number(style.opacity) === 0) return false;
    }
    return true;
  };
  const isVariant = (el, target) =>
    target.text !== undefined ? el.textContent.trim() === target.text : getComputedStyle(el)[target.prop] === target.value;
  const letter = (target) => {
    const el = document.querySelector(target.sel);
    if (!el) return "x";
    const variant = isVariant(el, target);
    if (shown(el)) return variant ? "v" : "o";
    return variant ? "H" : "h";
  };
  const hiddenAnywhere = () => {
    let n = 0;
    if (document.body) for (const el of document.body.querySelectorAll("*")) if (getComputedStyle(el).opacity === "0") n++;
    return n;
  };
  const finalLetter = expect === "variant" ? "v" : "o";
  state.isFinal = (s) => [...s].every((c) => c === finalLetter);
  const tick = (t) => {
    state.frames++;
    const s = targets.map(letter).join("");
    const a = hiddenAnywhere();
    const last = state.changes[state.changes.length - 1];
    if (!last || last.s !== s || last.a !== a) state.changes.push({ t, s, a });
    if (!state.stopped) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) state.shifts.push({ t: e.startTime, value: e.value });
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.paints[e.name] = e.startTime;
    }).observe({ type: "paint", buffered: true });
  } catch { /* no observer: the figures that need it stay empty */ }
  const readyNow = () => {
    if (ready === "svc") return !!window.svc;
    if (ready === "growthbook") {
      return !!window.growthbook_queue && !Array.isArray(window.growthbook_queue) && !document.documentElement.classList.contains("gb-anti-flicker");
    }
    return true;
  };
  // Settled: the page loaded, the tester says it is done, and every element shows its final arm, visibly,
  // for 150 ms; or maxMs after navigation start, whatever happened.
  state.settled = () => {
    const now = performance.now();
    if (now > maxMs) return true;
    const last = state.changes[state.changes.length - 1];
    return document.readyState === "complete" && !!last && state.isFinal(last.s) && readyNow() && now - last.t > 150;
  };
  state.read = () => {
    state.stopped = true;
    const nav = performance.getEntriesByType("navigation")[0];
    return {
      end: performance.now(),
      changes: state.changes,
      frames: state.frames,
      shifts: state.shifts,
      paints: state.paints,
      ready: readyNow(),
      doc: nav ? { requestStart: nav.requestStart, responseStart: nav.responseStart, load: nav.loadEventEnd } : null,
    };
  };
}

/**
 * One pageview's figures from its trace. Frames before the first paint were never seen: the state shown
 * at first paint is the last one sampled at or before it (paint timing reports presentation time, later
 * than the frame's start). Times are ms from navigation start.
 */
export function summarize(trace, expect) {
  const { changes, paints } = trace;
  const firstPaint = paints["first-paint"] ?? paints["first-contentful-paint"] ?? null;
  const final = expect === "variant" ? "v" : "o";
  const isFinal = (s) => [...s].every((c) => c === final);
  let start = 0;
  if (firstPaint !== null) {
    for (let i = 0; i < changes.length; i++) if (changes[i].t <= firstPaint) start = i;
  }
  const seen = changes.slice(start).map((c, i) => ({ ...c, t: i === 0 && firstPaint !== null ? Math.max(c.t, firstPaint) : c.t }));
  const until = (i) => (i + 1 < seen.length ? seen[i + 1].t : trace.end);
  let hiddenMs = 0;
  let anyHiddenMs = 0;
  for (const [i, c] of seen.entries()) {
    if (/[hH]/.test(c.s)) hiddenMs += until(i) - c.t;
    if (c.a > 0) anyHiddenMs += until(i) - c.t;
  }
  const shown = seen.find((c) => isFinal(c.s));
  return {
    flashed: expect === "variant" && seen.some((c) => c.s.includes("o")),
    msToFinal: shown ? shown.t : null,
    hiddenMs,
    anyHiddenMs,
    cls: trace.shifts.reduce((sum, s) => sum + s.value, 0),
    firstPaint,
    fcp: paints["first-contentful-paint"] ?? null,
    responseStart: trace.doc ? trace.doc.responseStart : null,
    ready: trace.ready,
  };
}

/** ms of main-thread time the CPU profile spent in functions of scripts whose URL is in `urls`. */
export function scriptMs(profile, urls) {
  if (!profile || !urls.length) return null;
  const ours = new Set(profile.nodes.filter((n) => urls.some((u) => n.callFrame.url.startsWith(u))).map((n) => n.id));
  let us = 0;
  // timeDeltas[i] is the time before sample i; the sample's own time is the delta to the next one.
  for (let i = 0; i < profile.samples.length - 1; i++) if (ours.has(profile.samples[i])) us += profile.timeDeltas[i + 1];
  return us / 1000;
}
