import { describe, expect, it } from "vitest";
import { templateChoices } from "./theme-templates.server";

describe("templateChoices", () => {
  it("finds the suffixes of alternate templates, with their types, and ignores the rest", () => {
    expect(
      templateChoices([
        "templates/product.json",
        "templates/product.b-side.json",
        "templates/collection.b-side.liquid",
        "templates/customers/account.wide.json",
        "templates/page.landing.json",
        "sections/header.liquid",
        "templates/product.bad.suffix.json",
        "templates/gift_card.liquid",
      ]),
    ).toEqual([
      { suffix: "b-side", types: ["collection", "product"] },
      { suffix: "landing", types: ["page"] },
      { suffix: "wide", types: ["customers/account"] },
    ]);
    expect(templateChoices([])).toEqual([]);
  });
});
