// Validates a GET /api/patches answer as a whole, and caches it so repeat pageviews need no network.
import { isGoalLabel } from "../../app/wire/rules/goal";
import { ID_PATTERN, MAX_CONFIG_TTL_S } from "../../app/wire/limits";
import type { Assignment, Patch, PatchesResponse } from "../../app/wire/patches";
import { isObject } from "./guard";
import { readJSON, write } from "./storage";
import { EMBED } from "./build-flags";

export const CACHE_KEY = "svc_cfg";

const isString = (v: unknown): v is string => typeof v === "string";
const isId = (v: unknown) => isString(v) && ID_PATTERN.test(v);
const listOf = (v: unknown, each: (x: unknown) => boolean) => Array.isArray(v) && v.every(each);
const optionalListOf = (v: unknown, each: (x: unknown) => boolean) => v === undefined || listOf(v, each);

/** A selector counts as valid only if the browser parses it (querySelector throws otherwise). */
export function isSelector(v: unknown): boolean {
  if (!isString(v) || !v) return false;
  try {
    document.createDocumentFragment().querySelector(v);
    return true;
  } catch {
    return false;
  }
}

function validPatch(p: unknown): boolean {
  if (!isObject(p)) return false;
  const { op } = p;
  if (op === "css") return isString(p.value);
  return (
    isSelector(p.sel) &&
    (op === "text" || op === "html"
      ? isString(p.value)
      : op === "attr"
        ? // An attribute name the DOM rejects fails alone, when applied.
          isString(p.name) && (p.value === null || isString(p.value))
        : op === "class"
          ? optionalListOf(p.add, isString) && optionalListOf(p.remove, isString)
          : op === "style"
            ? isObject(p.props) && Object.values(p.props).every(isString)
            : op === "hide")
  );
}

function validGoal(g: unknown): boolean {
  if (!isObject(g) || !isGoalLabel(g.goal)) return false;
  if (g.kind === "visit") return listOf(g.pages, isString);
  return (g.kind === "click" || g.kind === "submit") && isSelector(g.sel);
}

function validAssignment(a: unknown): boolean {
  return (
    isObject(a) &&
    isId(a.test) &&
    isId(a.arm) &&
    listOf(a.pages, isString) &&
    (a.when === undefined || isSelector(a.when)) &&
    optionalListOf(a.if, Array.isArray) &&
    optionalListOf(a.patches, validPatch) &&
    (a.redirect === undefined || isString(a.redirect)) &&
    optionalListOf(a.goals, validGoal)
  );
}

/** The response if every part of it is valid; any malformed part discards all of it. */
export function parsePatches(body: unknown): PatchesResponse | undefined {
  if (!isObject(body) || typeof body.ttl !== "number" || !(body.ttl >= 0) || !listOf(body.tests, validAssignment)) return;
  return { ttl: Math.min(body.ttl, MAX_CONFIG_TTL_S), tests: body.tests as Assignment[] };
}

/**
 * The cached answer for this visitor, if any, and whether it is still fresh: within its TTL, and asked with
 * the same audience `facts` (a new visit or another landing asks again; meanwhile the stale answer still
 * tells anti-flicker what to hide).
 */
export function cachedConfig(vid: string, now: number, facts: string): { res: PatchesResponse; fresh: boolean } | undefined {
  const c = readJSON(CACHE_KEY);
  if (!isObject(c) || c.vid !== vid || typeof c.at !== "number") return;
  const res = parsePatches(c.res);
  return res && { res, fresh: c.q == facts && now >= c.at && now - c.at < res.ttl * 1000 };
}

/** `o`: the arms the page's plan may not apply (local.ts, the app embed's build only). */
export function cacheConfig(vid: string, res: PatchesResponse, now: number, facts: string, o?: unknown): void {
  write(CACHE_KEY, JSON.stringify({ at: now, vid, q: facts, res, ...(EMBED && { o }) }));
}

/** Selectors of the element patches on this page: what anti-flicker hides while a config loads. */
export function changedSelectors(arms: readonly Assignment[]): string[] {
  return arms.flatMap((a) => (a.patches ?? []).flatMap((p: Patch) => ("sel" in p && p.op !== "hide" ? [p.sel] : [])));
}
