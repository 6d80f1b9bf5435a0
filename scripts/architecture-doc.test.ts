// docs/architecture.md's rooms table says what eslint.config.js enforces: the same rooms, each allowed the
// same imports, so the page a newcomer reads is the rule the build applies; and every file it names exists.
import { existsSync, readdirSync, readFileSync } from "node:fs";
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

/** `a/{b,c}.ts` → a/b.ts, a/c.ts. */
function expandBraces(p: string): string[] {
  const m = /^(.*?)\{([^{}]*)\}(.*)$/.exec(p);
  return m ? (m[2] ?? "").split(",").flatMap((part) => expandBraces(`${m[1] ?? ""}${part}${m[3] ?? ""}`)) : [p];
}

/** The files below `dir` (relative to the project), without dependencies and build output. */
function filesBelow(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "generated") continue;
      const child = `${rel}/${entry.name}`;
      out.push(child);
      if (entry.isDirectory()) walk(child);
    }
  };
  if (existsSync(path.join(root, dir))) walk(dir);
  return out;
}

/** Whether a path the page names is there: a file or folder, a module named without its extension, or a glob some file matches. */
function exists(named: string): boolean {
  if (!named.includes("*")) return ["", ".ts", ".tsx", ".mjs", ".js"].some((ext) => existsSync(path.join(root, named + ext)));
  const base = named.slice(0, named.indexOf("*")).replace(/[^/]*$/, "").replace(/\/$/, "");
  const pattern = new RegExp(
    `^${named
      .split(/(\*\*\/|\*)/)
      .map((part) => (part === "**/" ? "(?:.*/)?" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
      .join("")}$`,
  );
  return filesBelow(base).some((file) => pattern.test(file));
}

/** Every project path the page names in backticks (`app/…`, `tests/…`, `scripts/…`, `docs/…`, …), braces expanded. */
function namedPaths(): string[] {
  const paths = [...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? "").filter((t) => /^(app|tests|scripts|docs|snippet|extensions|prisma)\//.test(t));
  return [...new Set(paths.flatMap(expandBraces))];
}

describe("docs/architecture.md's file names", () => {
  it("names files at all", () => {
    expect(namedPaths().length).toBeGreaterThan(100);
  });

  it("names only files that exist", () => {
    expect(namedPaths().filter((named) => !exists(named))).toEqual([]);
  });
});
