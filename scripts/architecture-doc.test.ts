// docs/architecture.md's rooms table says what eslint.config.js enforces: the same rooms, each allowed the
// same imports, so the page a newcomer reads is the rule the build applies.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: eslint.config.js is plain JavaScript without types.
import { ROOMS } from "../eslint.config.js";

const root = path.resolve(import.meta.dirname, "..");
const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");

interface Room {
  folder: string;
  ours: string[];
}

/** The rows of the table under "## Rooms": folder → the paths named in its "may import" column. */
function tableRows(): Map<string, string[]> {
  const section = doc.slice(doc.indexOf("\n## Rooms")).split(/\n## /)[1] ?? "";
  const rows = new Map<string, string[]>();
  for (const line of section.split("\n")) {
    const cells = line.split(" | ");
    if (!line.startsWith("| `") || cells.length < 4) continue;
    const folder = (cells[0] ?? "").replace(/^\| `|\/?`$/g, "");
    const mayImport = cells[2] ?? "";
    rows.set(folder, [...mayImport.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ""));
  }
  return rows;
}

describe("docs/architecture.md's rooms table", () => {
  const rows = tableRows();
  const rooms = ROOMS as Room[];

  it("has one row per room of eslint.config.js", () => {
    expect([...rows.keys()].sort()).toEqual(rooms.map((r) => r.folder).sort());
  });

  it.each(rooms.map((r) => [r.folder, r] as const))("%s may import what lint allows", (folder, room) => {
    expect(rows.get(folder)?.slice().sort()).toEqual(room.ours.filter((o) => o !== folder).sort());
  });
});
