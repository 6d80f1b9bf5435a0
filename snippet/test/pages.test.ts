import { describe, expect, it, vi } from "vitest";
import cases from "../../app/wire/rules/targeting.cases.json";
import { matchesAnyPath } from "../../app/wire/rules/targeting";
import { watchGoals } from "../src/goals";

// The same table the server's tests run (app/wire/rules/targeting.test.ts): one page-targeting rule on both
// sides, here as the snippet calls it: matchesAnyPath (arms in main.ts) and watchGoals (visit goals).
type Case = [pattern: string, path: string, matches: boolean];
/** "{a×3}" → "aaa", as in app/wire/rules/targeting.test.ts. */
const expand = (s: string) => s.replace(/\{(.+?)×(\d+)\}/g, (_, text: string, n: string) => text.repeat(Number(n)));
const all = [...(cases.cases as Case[]), ...(cases.long as Case[]).map(([p, s, m]): Case => [expand(p), expand(s), m])];

describe("page targeting (shared cases)", () => {
  it.each(all)("%j ~ %j → %s", (pattern, path, expected) => {
    const started = performance.now();
    expect(matchesAnyPath(["/never-this-one", pattern], path)).toBe(expected);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it.each(all)("a visit goal on %j counts on %j: %s", (pattern, path, expected) => {
    const convert = vi.fn();
    watchGoals([{ kind: "visit", goal: "seen", pages: [pattern] }], convert)(path);
    expect(convert.mock.calls).toEqual(expected ? [["seen"]] : []);
  });

  type TemplateCase = [pattern: string, path: string, template: string | null, matches: boolean];
  const templates = cases.templates as TemplateCase[];

  it.each(templates)("%j on %j with template %j → %s", (pattern, path, template, expected) => {
    expect(matchesAnyPath(["/never-this-one", pattern], path, template)).toBe(expected);
  });

  it.each(templates)("a visit goal on %j counts on %j with template %j: %s", (pattern, path, template, expected) => {
    const convert = vi.fn();
    watchGoals([{ kind: "visit", goal: "seen", pages: [pattern] }], convert, template)(path);
    expect(convert.mock.calls).toEqual(expected ? [["seen"]] : []);
  });

  it("matches nothing with no patterns", () => {
    expect(matchesAnyPath([], "/")).toBe(false);
  });
});
