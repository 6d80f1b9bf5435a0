// The structure drawn from the code's own imports: which top-level parts of app/ and which topics of
// app/domain/ import one another, the imports that run back up (an edge inside a cycle of parts: whatever
// order one draws, one of its edges points up), and circles of files. `node scripts/import-structure.mjs`
// prints it; scripts/import-structure.test.ts holds the counts at zero.
//
// Every import counts, `import type` and `import()` included: a type or a lazily loaded module is still a
// dependency. Tests beside the code are left out (they may reach anything their subject does). One import is
// the seam by design: the demo's door (app/demo/public.server.ts) loads the demo itself lazily when the
// server starts in demo mode, so production names the door and never the demo.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const SPECIFIERS = [
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*["']([^"']+)["']/g,
  /(?:^|[\s;])import\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
];

const DEMO_DOOR = "app/demo/public.server.ts";

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name === "generated" || name === "node_modules") continue;
      out.push(...sourceFiles(full));
    } else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

function resolveImport(specifier, from) {
  let base;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const stripped = base.replace(/\.(js|mjs)$/, "");
  for (const candidate of [base, `${stripped}.ts`, `${stripped}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The file graph of app/: project-relative path → the project files it imports. */
export function importGraph() {
  const graph = new Map();
  for (const file of sourceFiles(path.join(root, "app"))) {
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    const targets = new Set();
    const relative = path.relative(root, file).split(path.sep).join("/");
    for (const [i, pattern] of SPECIFIERS.entries())
      for (const match of text.matchAll(pattern)) {
        if (relative === DEMO_DOOR && i === 2) continue;
        const target = resolveImport(match[1], file);
        if (target && target.startsWith(path.join(root, "app") + path.sep)) targets.add(path.relative(root, target).split(path.sep).join("/"));
      }
    graph.set(relative, [...targets].filter((t) => !/\.test\.tsx?$/.test(t)));
  }
  return graph;
}

/** The top-level part of app/ a file belongs to: its folder, or the file itself for app/*.ts. The demo's door is a part of its own. */
export function topLevelPart(file) {
  const rest = file.replace(/^app\//, "").replace(/\.(ts|tsx)$/, "");
  if (`app/${rest}.ts` === DEMO_DOOR) return "app/demo/public.server";
  return `app/${rest.split("/")[0]}`;
}

/** The topic of app/domain/ a file belongs to, or null outside it. */
export function domainTopic(file) {
  const match = /^app\/domain\/([^/]+)\//.exec(file);
  return match ? `app/domain/${match[1]}` : null;
}

/** Strongly connected components (Tarjan) of a graph given as Map<node, node[]>. */
function components(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      out.push(component);
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return out;
}

/**
 * The imports between parts (by `partOf`, files outside any part left out) that lie inside a cycle of
 * parts, each with the files that make it: these are the imports running back up.
 */
export function importsRunningUp(graph, partOf) {
  const parts = new Map();
  const edges = new Map();
  for (const [file, targets] of graph) {
    const from = partOf(file);
    if (from === null) continue;
    if (!parts.has(from)) parts.set(from, new Set());
    for (const target of targets) {
      const to = partOf(target);
      if (to === null || to === from) continue;
      parts.get(from).add(to);
      if (!parts.has(to)) parts.set(to, new Set());
      const key = `${from} → ${to}`;
      if (!edges.has(key)) edges.set(key, []);
      edges.get(key).push(`${file} → ${target}`);
    }
  }
  const partGraph = new Map([...parts].map(([part, targets]) => [part, [...targets]]));
  const up = [];
  for (const component of components(partGraph)) {
    if (component.length < 2) continue;
    const members = new Set(component);
    for (const from of component)
      for (const to of partGraph.get(from)) if (members.has(to)) up.push({ edge: `${from} → ${to}`, files: edges.get(`${from} → ${to}`) });
  }
  return up;
}

/** Circles of files: each strongly connected set of two or more files. */
export function fileCircles(graph) {
  return components(graph).filter((component) => component.length > 1).map((component) => component.sort());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const graph = importGraph();
  const report = [
    ["top level of app/", importsRunningUp(graph, topLevelPart)],
    ["topics of app/domain/", importsRunningUp(graph, domainTopic)],
  ];
  for (const [name, up] of report) {
    // Every cycle of parts has at least one import running back up, whatever order one draws; all of its imports are listed.
    console.log(`${name}: ${up.length === 0 ? "no cycle of parts, so no import runs back up" : `${up.reduce((n, e) => n + e.files.length, 0)} imports lie in cycles of parts`}`);
    for (const { edge, files } of up) {
      console.log(`  ${edge} (${files.length})`);
      for (const line of files) console.log(`    ${line}`);
    }
  }
  const circles = fileCircles(graph);
  console.log(`circles of files: ${circles.length}`);
  for (const circle of circles) console.log(`  ${circle.join(" ↔ ")}`);
}
