// Shopify's Theme Check (theme-check-node, what `shopify theme check` runs) on the theme app extension, inside npm test.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { themeCheckRun, type Offense } from "@shopify/theme-check-node";
import { describe, expect, it } from "vitest";

const EXTENSION = path.resolve(import.meta.dirname, "../../extensions/svc-embed");
const BLOCK = "blocks/svc-embed.liquid";

/**
 * Theme Check on one extension folder (the one holding shopify.extension.toml, so that it picks the
 * theme-app-extension checks). It first tries to download Shopify's latest Liquid docs; offline that
 * fails and it loads the docs bundled with the package. Those messages go to `log`, never to the
 * console: they are kept and shown only beside offenses, which are what the tests judge.
 */
async function themeCheck(root: string) {
  const log: string[] = [];
  const run = await themeCheckRun(root, undefined, (message) => log.push(message));
  const offenses = run.offenses.map((o: Offense) => `${o.check} ${path.relative(root, new URL(o.uri).pathname)}:${o.start.line + 1}: ${o.message}`);
  return { context: run.config.context, checks: run.config.checks.map((c) => c.meta.code), offenses, log: log.join("\n") };
}

describe("Theme Check on extensions/svc-embed", () => {
  it("runs the theme app extension checks and finds no offense", async () => {
    const result = await themeCheck(EXTENSION);
    expect(result.context).toBe("app");
    expect(result.checks).toEqual(expect.arrayContaining(["AppBlockValidTags", "AppBlockMissingSchema", "LiquidHTMLSyntaxError", "UnknownFilter"]));
    const report = `Theme Check offenses:\n  ${result.offenses.join("\n  ")}\nIts log (which Liquid docs it used):\n${result.log}\n`;
    expect(result.offenses, report).toEqual([]);
  });

  it("reports a block that Shopify would refuse (a copy with a {% javascript %} tag and an unknown filter)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "svc-theme-check-"));
    try {
      await cp(EXTENSION, dir, { recursive: true });
      const source = await readFile(path.join(EXTENSION, BLOCK), "utf8");
      const broken = source.replace("{% schema %}", "{% javascript %}console.log(1){% endjavascript %}\n{{ shop.name | no_such_filter }}\n{% schema %}");
      expect(broken).not.toBe(source);
      await writeFile(path.join(dir, BLOCK), broken);
      const result = await themeCheck(dir);
      expect(result.offenses).toEqual(
        expect.arrayContaining([expect.stringMatching(/^AppBlockValidTags blocks\/svc-embed\.liquid/), expect.stringMatching(/^UnknownFilter .*no_such_filter/)]),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
