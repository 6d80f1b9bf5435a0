// Shopify: the visitor's arms from the plan the app embed printed into the page, with no request before applying.
import { localAssignments } from "../../app/wire/rules/local-plan";
import type { PatchesResponse } from "../../app/wire/patches";
import { parsePatches } from "./config";

/**
 * The answer GET /api/patches would give this visitor, computed from `script[data-svc-plan]` with the
 * server's own rule (app/wire/rules/local-plan.ts), validated as a server answer is; undefined when the
 * page has no plan (not Shopify, an older embed, a test only the server can decide) or a malformed one.
 */
export function localConfig(vid: string): PatchesResponse | undefined {
  try {
    const el = document.querySelector("script[data-svc-plan]");
    return el ? parsePatches({ ttl: 0, tests: localAssignments(JSON.parse(el.textContent!), vid) }) : undefined;
  } catch {
    // A plan that does not parse or has the wrong shape: the server is asked, as without one.
  }
}
