// Visitor and session identity in first-party localStorage, created only once collection is allowed.
import { ID_PATTERN, SESSION_KEY, SESSION_TIMEOUT_MS, VISITOR_KEY } from "../../app/wire/limits";
import { landingQuery } from "../../app/wire/rules/audience";
import { isObject } from "./guard";
import { randomId } from "./ids";
import { read, readJSON, write } from "./storage";

const SEEN_KEY = "svc_seen";
const STATE_KEY = "svc_ss";
const LANDING_KEY = "svc_l";

/**
 * The tab session's landing facts for the audience rules (landingQuery: new or returning, UTM, referrer
 * host), taken on the first pageview svc runs on in this tab and kept in sessionStorage for the session.
 * Call it before visitorId(), which creates the id whose absence makes a new visitor.
 */
export function landing(): string {
  let l = read(LANDING_KEY, true);
  if (l == null) write(LANDING_KEY, (l = landingQuery(location.search, document.referrer, !read(VISITOR_KEY))), true);
  return l;
}

/** The stored visitor id, or a new one; undefined when storage refuses it (svc then stands down). */
export function visitorId(): string | undefined {
  const stored = read(VISITOR_KEY);
  if (stored && ID_PATTERN.test(stored)) return stored;
  const vid = randomId();
  return write(VISITOR_KEY, vid) ? vid : undefined;
}

/**
 * Marks activity now and returns the session id, renewing it after SESSION_TIMEOUT_MS without
 * activity. `svc_sid` holds the bare id because merchants read it (spec, "Visitor identity").
 */
export function touchSession(now: number): string {
  let sid = read(SESSION_KEY);
  if (!sid || !ID_PATTERN.test(sid) || !(now - +read(SEEN_KEY)! < SESSION_TIMEOUT_MS)) {
    sid = randomId();
    write(SESSION_KEY, sid);
  }
  write(SEEN_KEY, "" + now);
  return sid;
}

/** What the snippet remembers for one session: tests already exposed, and the cart attribute. */
export interface SessionState {
  sid: string;
  exposed: string[];
  cart?: boolean;
}

export function sessionState(sid: string): SessionState {
  const s = readJSON(STATE_KEY);
  // Only `includes` reads `exposed`, so foreign entries in it are harmless.
  return isObject(s) && s.sid === sid && Array.isArray(s.exposed) ? (s as unknown as SessionState) : { sid, exposed: [] };
}

export function saveSessionState(state: SessionState): void {
  write(STATE_KEY, JSON.stringify(state));
}
