// The hot endpoints are named in three places a reader looks: the code's list, docs/api.md and app/routes/README.md.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOT_ENDPOINTS } from "./hot-endpoints";

const root = path.resolve(import.meta.dirname, "../../..");

/** The paths named on a document's line that starts with "Hot paths", up to the end of its paragraph. */
function hotPathsIn(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const start = text.search(/^Hot paths/m);
  expect(start, `${file} has a "Hot paths" paragraph`).toBeGreaterThanOrEqual(0);
  const paragraph = text.slice(start).split(/\n\s*\n/)[0] ?? "";
  return [...paragraph.matchAll(/`(?:GET|POST) (\/[^`\s]+)`/g)].map((m) => m[1] ?? "");
}

describe("the hot endpoints", () => {
  it.each(["docs/api.md", "app/routes/README.md"])("are the ones %s lists", (file) => {
    expect(hotPathsIn(file).sort()).toEqual([...HOT_ENDPOINTS].sort());
  });
});
