// Renders the real app embed block (extensions/svc-embed) with liquidjs, as Shopify would print it in a storefront's head.
import { Liquid, Tag, TypeGuards, type Context, type Emitter, type TagToken, type Template, type TopLevelToken } from "liquidjs";
// Read at build time (Vite `?raw`): the text is inlined into the server build and the unit tests alike,
// so no runtime path has to lead back to extensions/ from build/server/ or from a test's folder.
import blockSource from "../../extensions/svc-embed/blocks/svc-embed.liquid?raw";
import type { HidePlan } from "~/domain/shopify/hide-plan";

/** An app-data metafield as the block reads it: Shopify's metafield object, or a bare value (stand-ins). */
export type AppMetafield = { value: string } | string | null | undefined;

/** The Liquid globals the block reads, named and shaped as in Shopify's Liquid. */
export interface AppEmbedGlobals {
  /**
   * `app.metafields.svc.*`: what the app writes on its AppInstallation after install (absent before). `hide`
   * is a json metafield, whose `.value` Shopify gives parsed: the hide plan (app/domain/shopify/hide-plan.ts).
   */
  app: { metafields: { svc?: { base_url?: AppMetafield; site_id?: AppMetafield; hide?: { value: HidePlan } | null } } };
  /** `shop.money_format` (e.g. `${{amount}}`): printed for the price bundle on a price test's pages. */
  shop: { permanent_domain: string; money_format?: string };
  /** `template.name`: the page's template type (`index`, `product`, `collection`, …), printed as data-svc-template. */
  template: { name: string };
  /**
   * `request.design_mode` is true in the theme editor, where the block prints nothing. `request.path` is the
   * page's path (as `location.pathname`), which the hide plan's page checks read.
   */
  request: { design_mode: boolean; path: string; locale?: { iso_code: string } };
  /** The audience rules' Shopify facts (printed as data-svc-aud): the market, the cart's currency, the customer. */
  localization?: { market: { handle: string } };
  cart?: { currency: { iso_code: string } };
  /** Liquid's `customer`: set when a customer is logged in, nil otherwise. */
  customer?: object | null;
}

/**
 * What the block prints for these globals: the hiding style when a test of the hide plan targets the page,
 * then the one snippet tag; or whitespace only (no metafields, a blank one, or the theme editor). Throws if the block itself is broken (Liquid syntax, an unknown
 * filter, a schema that is not a JSON object): that is a defect to fix, not a problem to answer.
 */
export function renderAppEmbed(globals: AppEmbedGlobals): string {
  block ??= compileAppEmbed(blockSource);
  return block(globals);
}

let block: ((globals: AppEmbedGlobals) => string) | undefined;

/** Parses a block's source once (tests pass broken ones); compiled lazily so a defect cannot stop the server starting. */
export function compileAppEmbed(source: string): (globals: AppEmbedGlobals) => string {
  // strictFilters: a filter Shopify has but liquidjs lacks (or a typo) fails here instead of printing
  // its input unchanged. Variables stay lenient: Shopify's Liquid reads a missing one as nil.
  const engine = new Liquid({ strictFilters: true, strictVariables: false });
  engine.registerTag("schema", SchemaTag);
  const templates: Template[] = engine.parse(source);
  return (globals) => engine.renderSync(templates, globals) as string;
}

/**
 * Shopify's `{% schema %}…{% endschema %}`: the block's settings for the theme editor, never printed. liquidjs
 * does not know the tag, so it is swallowed here; its JSON is parsed so that a broken schema fails
 * as `shopify app deploy` would.
 */
class SchemaTag extends Tag {
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid);
    const body: string[] = [];
    for (let next = remainTokens.shift(); next; next = remainTokens.shift()) {
      if (TypeGuards.isTagToken(next) && next.name === "endschema") {
        parseSchema(body.join(""));
        return;
      }
      body.push(next.getText());
    }
    throw new Error("{% schema %} is not closed by {% endschema %}");
  }

  render(_ctx: Context, _emitter: Emitter): void {}
}

function parseSchema(json: string): void {
  let schema: unknown;
  try {
    schema = JSON.parse(json);
  } catch (error) {
    throw new Error(`{% schema %} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) throw new Error("{% schema %} is not a JSON object");
}
