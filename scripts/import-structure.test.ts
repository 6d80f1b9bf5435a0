// The structure drawn from app/'s imports (scripts/import-structure.mjs): its rules on small made-up graphs,
// app/ as it is, whose top-level parts form no cycle and which names the demo only through its door, and
// app/domain/ as it is, whose topics must stay in one order with no circle of files.
import { describe, expect, it } from "vitest";
import { domainTopic, fileCircles, importGraph, importsRunningUp, topLevelPart, type ImportGraph } from "./import-structure.mjs";

const graph = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe("the parts a file belongs to", () => {
  it("reads a domain topic from the folder under app/domain/, and none at its root or outside it", () => {
    expect(domainTopic("app/domain/stats/distributions/normal.ts")).toBe("app/domain/stats");
    expect(domainTopic("app/domain/parse-result.ts")).toBeNull();
    expect(domainTopic("app/services/outcome.ts")).toBeNull();
  });

  it("reads a top-level part from the folder under app/, a file at app/'s root being a part of its own, the demo's door too", () => {
    expect(topLevelPart("app/services/admin/results.server.ts")).toBe("app/services");
    expect(topLevelPart("app/shopify.server.ts")).toBe("app/shopify.server");
    expect(topLevelPart("app/demo/public.server.ts")).toBe("app/demo/public.server");
    expect(topLevelPart("app/demo/seed.server.ts")).toBe("app/demo");
  });
});

describe("importsRunningUp", () => {
  it("finds every import of a cycle of parts, with the files that make it", () => {
    const up = importsRunningUp(
      graph({
        "app/domain/a/x.ts": ["app/domain/b/y.ts"],
        "app/domain/b/y.ts": ["app/domain/c/z.ts"],
        "app/domain/c/z.ts": ["app/domain/a/w.ts"],
        "app/domain/a/w.ts": [],
        // Outside the cycle: d imports into it, nothing comes back.
        "app/domain/d/v.ts": ["app/domain/a/x.ts"],
      }),
      domainTopic,
    );
    expect(up.map((e) => e.edge).sort()).toEqual(["app/domain/a → app/domain/b", "app/domain/b → app/domain/c", "app/domain/c → app/domain/a"]);
    expect(up.find((e) => e.edge === "app/domain/c → app/domain/a")?.files).toEqual(["app/domain/c/z.ts → app/domain/a/w.ts"]);
  });

  it("finds nothing in a graph of parts without a cycle, however its files import one another", () => {
    const up = importsRunningUp(
      graph({
        "app/domain/a/x.ts": ["app/domain/b/y.ts", "app/domain/c/z.ts", "app/domain/a/w.ts"],
        "app/domain/a/w.ts": ["app/domain/a/x.ts"],
        "app/domain/b/y.ts": ["app/domain/c/z.ts", "app/domain/root.ts"],
        "app/domain/c/z.ts": ["app/wire/index.ts"],
        "app/domain/root.ts": [],
      }),
      domainTopic,
    );
    expect(up).toEqual([]);
  });
});

describe("fileCircles", () => {
  it("finds a circle of files, each member once", () => {
    const circles = fileCircles(
      graph({ "a.ts": ["b.ts"], "b.ts": ["c.ts", "d.ts"], "c.ts": ["a.ts"], "d.ts": [] }),
    );
    expect(circles).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("finds none in a graph without a cycle", () => {
    expect(fileCircles(graph({ "a.ts": ["b.ts", "c.ts"], "b.ts": ["c.ts"], "c.ts": [] }))).toEqual([]);
  });
});

describe("app/domain/ as it is", () => {
  const app = importGraph();

  it("has its topics in one order: no import between topics runs back up", () => {
    expect(importsRunningUp(app, domainTopic)).toEqual([]);
  });

  it("has no circle of files", () => {
    expect(fileCircles(app).filter((circle) => circle.some((file) => file.startsWith("app/domain/")))).toEqual([]);
  });

  it("is read at all: the graph holds the domain's files and their imports", () => {
    expect(app.get("app/domain/results/build-results.ts")).toContain("app/domain/stats/index.ts");
  });
});

describe("app/ as it is", () => {
  const app = importGraph();

  it("has its top-level parts in one order: no import runs back up", () => {
    expect(importsRunningUp(app, topLevelPart)).toEqual([]);
  });

  it("has no circle of files anywhere", () => {
    expect(fileCircles(app)).toEqual([]);
  });

  it("names the demo, outside app/demo/, only through its door: the start hook's caller, the predicate's users and the demo door", () => {
    const naming = [...app]
      .filter(([file]) => !file.startsWith("app/demo/"))
      .flatMap(([file, targets]) => targets.filter((target) => target.startsWith("app/demo/")).map((target) => `${file} → ${target}`));
    expect(naming.every((line) => line.endsWith(" → app/demo/public.server.ts"))).toBe(true);
    expect(naming.map((line) => line.split(" → ")[0]).sort()).toEqual([
      "app/http/web/demo-door.server.ts",
      "app/services/admin/preview-links.server.ts",
      "app/services/editor/access.server.ts",
      "app/services/editor/links.server.ts",
      "app/services/startup.server.ts",
    ]);
  });
});
