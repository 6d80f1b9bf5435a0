import { describe, expect, it } from "vitest";
import { judgeSighting, MARKET_ADMISSION, type AdmissionPolicy, type NotedValue, type SightingChange } from "./segment-values";

const policy: AdmissionPolicy = { networks: 3, perNetwork: 2, maxAdmitted: 2, maxPending: 4, pendingMs: 1_000 };

/** Applies sightings one by one, as the locked transaction does, and answers whether each counted. */
function sight(noted: NotedValue[], sightings: Array<[string, string | null]>, p = policy): boolean[] {
  return sightings.map(([value, network]) => {
    const { counted, change } = judgeSighting(noted, value, network, p);
    apply(noted, value, network, change);
    return counted;
  });
}

function apply(noted: NotedValue[], value: string, network: string | null, change: SightingChange) {
  if (change.kind === "insert") noted.push({ value, networks: [network!], admitted: change.admitted });
  if (change.kind === "add-network") {
    const row = noted.find((v) => v.value === value)!;
    Object.assign(row, { networks: [...row.networks, network!], admitted: change.admitted });
  }
}

describe("judgeSighting", () => {
  it("counts a value from the sighting that brings it to enough distinct networks, and from then on", () => {
    const noted: NotedValue[] = [];
    expect(sight(noted, [["us", "n1"], ["us", "n1"], ["us", "n2"], ["us", "n3"], ["us", "n1"], ["us", null]])).toEqual([false, false, false, true, true, true]);
    expect(noted).toEqual([{ value: "us", networks: ["n1", "n2", "n3"], admitted: true }]);
  });

  it("lets one network vouch for a few values only, so a few networks admit no junk", () => {
    const noted: NotedValue[] = [];
    const junk = Array.from({ length: 51 }, (_, i) => [`junk-${i}`, "attacker"] as [string, string]);
    expect(sight(noted, junk).some(Boolean)).toBe(false);
    expect(noted.map((v) => v.value)).toEqual(["junk-0", "junk-1"]);
    // Real visitors from other networks are not held back by it.
    expect(sight(noted, [["us", "a"], ["us", "b"], ["us", "c"]])).toEqual([false, false, true]);
  });

  it("never counts more than the site's cap, and keeps at most maxPending values noted", () => {
    const noted: NotedValue[] = [];
    const shown = (value: string, from: string[]) => sight(noted, from.map((n) => [value, n]));
    expect(shown("a", ["1", "2", "3"]).at(-1)).toBe(true);
    expect(shown("b", ["4", "5", "6"]).at(-1)).toBe(true);
    expect(shown("c", ["7", "8", "9"]).at(-1)).toBe(false);
    expect(noted.filter((v) => v.admitted).map((v) => v.value)).toEqual(["a", "b"]);
    // A full pending value takes no more networks.
    expect(judgeSighting(noted, "c", "10", policy)).toEqual({ counted: false, change: { kind: "none" } });
    for (const v of ["d", "e", "f"]) shown(v, [`x-${v}`]);
    expect(noted.filter((v) => !v.admitted)).toHaveLength(4);
    expect(judgeSighting(noted, "g", "y", policy).change).toEqual({ kind: "none" });
    // A noted pending value still takes its networks.
    expect(judgeSighting(noted, "d", "y", policy).change).toEqual({ kind: "add-network", admitted: false });
  });

  it("notes nothing for a client without a network", () => {
    expect(judgeSighting([], "us", null, policy)).toEqual({ counted: false, change: { kind: "none" } });
  });

  it("takes more networks than the issue's attacker holds, and Shopify's market limit", () => {
    expect(MARKET_ADMISSION.networks).toBeGreaterThan(10);
    expect(MARKET_ADMISSION.maxAdmitted).toBe(50);
  });
});
