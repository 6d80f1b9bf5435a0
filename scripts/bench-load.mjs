// The bench's load: autocannon over GET /api/patches (many sites, many visitors) and POST /api/events
// (realistic batches: pageviews, the visitor's valid exposure, conversions with a value; unique ids).
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { cpuMeter, rssMb } from "./bench-process.mjs";
import { siteId } from "./bench-seed.mjs";

const runId = randomBytes(4).toString("hex");
let counter = 0;
/** Unique ids across the run (ID_PATTERN: letters, digits, - and _). */
export const uniqueId = (prefix) => `${prefix}${runId}${(counter++).toString(36)}`;

const patchesPath = (site, vid) => `/api/patches?site=${site}&vid=${vid}&sid=${uniqueId("s")}&url=http%3A%2F%2Fshop.test%2Fbench`;

/**
 * GET /api/patches round-robin over `sites` sites, with `visitors` visitors (distinct ones when null).
 * `spread`: each request from its own address and /24, told by X-Forwarded-For (the app must trust it):
 * with rate limits on, as shoppers on many networks are, so the per-address and per-network buckets
 * neither refuse the load nor stay empty.
 */
export function patchesRequests({ sites, visitors = 5000, spread = false }) {
  let i = 0;
  return [{
    method: "GET",
    setupRequest: (req) => {
      const n = i++;
      const vid = visitors ? `v${runId}${n % visitors}` : uniqueId("m");
      const path = patchesPath(siteId(n % sites), vid);
      if (!spread) return { ...req, path };
      const address = `${11 + ((n >>> 16) % 200)}.${(n >>> 8) & 255}.${n & 255}.1`;
      return { ...req, path, headers: { ...req.headers, "x-forwarded-for": address } };
    },
  }];
}

/** Asks svc which arms each bench visitor has: exposures in the events load must be valid ones. */
export async function fetchAssignments(url, { sites, visitors }) {
  const result = [];
  for (let start = 0; start < visitors; start += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, visitors - start) }, async (_, k) => {
      const n = start + k;
      const site = siteId(n % sites);
      const vid = `e${runId}${n}`;
      const response = await fetch(url + patchesPath(site, vid));
      if (!response.ok) throw new Error(`GET /api/patches answered ${response.status}: ${await response.text()}`);
      const { tests } = await response.json();
      return { site, vid, tests: tests.map(({ test, arm }) => ({ test, arm })), cursor: 0, sid: "" };
    }));
    result.push(...batch);
  }
  return result;
}

// A visitor's session is 50 events (so batches of 1, 10 and 50 never straddle two): a pageview, the
// exposure, then pageviews with a conversion (with a value) every tenth event; then a new session id.
const SESSION_EVENTS = 50;

function nextEvent(visitor, now) {
  const slot = visitor.cursor++ % SESSION_EVENTS;
  if (slot === 0) visitor.sid = uniqueId("s");
  const base = { id: uniqueId("e"), ts: now - (SESSION_EVENTS - slot) * 10, path: "/bench" };
  if (slot === 1 && visitor.tests.length > 0) {
    const { test, arm } = visitor.tests[0];
    return { ...base, type: "exposure", test, arm, msToApply: 120, msHidden: 0 };
  }
  if (slot % 10 === 9) return { ...base, type: "conversion", goal: "signup", value: 10 + (slot % 7) };
  return { ...base, type: "pageview" };
}

/** POST /api/events round-robin over `visitors`: `batch(visitor, now, i)` answers the body's session and events. */
function eventsPosts(visitors, batch) {
  let i = 0;
  return [{
    method: "POST",
    path: "/api/events",
    headers: { "content-type": "text/plain;charset=UTF-8" },
    setupRequest: (req) => {
      const visitor = visitors[i % visitors.length];
      const now = Date.now();
      const { sid, events } = batch(visitor, now, i++);
      return { ...req, body: JSON.stringify({ v: 1, site: visitor.site, vid: visitor.vid, sid, sent: now, events }) };
    },
  }];
}

/** POST /api/events with `perBatch` (a divisor of SESSION_EVENTS) events per batch, round-robin over visitors. */
export function eventsRequests({ visitors, perBatch }) {
  return eventsPosts(visitors, (visitor, now) => ({ sid: visitor.sid, events: Array.from({ length: perBatch }, () => nextEvent(visitor, now)) }));
}

/**
 * POST /api/events, the realistic mix (issue 37): each 10-event batch a new session of a returning visitor
 * (round-robin over `visitors`, whose first sessions `returningVisitors` sends), with its valid exposure, 8
 * pageviews and a conversion with a value. Every batch of it reads what the database knows of the visitor's
 * earlier sessions and writes an exposure, a conversion, its attribution and rollup rows: the mix that costs
 * the writer most per event, where the pageview-heavy rows above write mostly plain events.
 */
export function realisticRequests({ visitors }) {
  return eventsPosts(visitors, (visitor, now, i) => {
    const [{ test, arm }] = visitor.tests;
    const at = (slot) => ({ id: uniqueId("r"), ts: now - (10 - slot) * 10, path: "/bench" });
    const events = [
      { ...at(0), type: "exposure", test, arm, msToApply: 120, msHidden: 0 },
      ...Array.from({ length: 8 }, (_, k) => ({ ...at(k + 1), type: "pageview" })),
      // The batch's number after it was taken, as the value always was.
      { ...at(9), type: "conversion", goal: "signup", value: 10 + ((i + 1) % 7) },
    ];
    return { sid: uniqueId("s"), events };
  });
}

/** The realistic mix's visitors with a first session each, so that every measured batch is a returning visitor's. */
export async function returningVisitors({ url, pid, visitors, connections }) {
  const withTests = visitors.filter((v) => v.tests.length > 0);
  await measure({ url, pid, requests: realisticRequests({ visitors: withTests }), connections, amount: withTests.length });
  return withTests;
}

/**
 * One load: autocannon at `connections` for `seconds` (or `amount` requests), with the server's CPU and
 * the machine's measured alongside and the server's resident memory read after it.
 */
export async function measure({ url, pid, requests, connections, seconds, amount, itemsPerRequest = 1, databaseName = null }) {
  const meter = cpuMeter(pid, databaseName);
  const options = { url, connections, requests, timeout: 30 };
  if (amount) options.amount = amount;
  else options.duration = seconds;
  const result = await autocannon(options);
  const cpu = meter();
  const elapsed = result.duration;
  const ok = result["2xx"];
  return {
    requests: ok + result.non2xx,
    rps: (ok + result.non2xx) / elapsed,
    itemsPerSecond: (ok * itemsPerRequest) / elapsed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    rssMb: rssMb(pid),
    cpu,
    // PostgreSQL's CPU per stored item (µs): its backends' CPU over the items answered 2xx; null on PGlite, whose
    // work is inside svc's own process.
    pgCpuUsPerItem: cpu.ownPostgresSeconds === null || ok === 0 ? null : (cpu.ownPostgresSeconds * 1e6) / (ok * itemsPerRequest),
  };
}
