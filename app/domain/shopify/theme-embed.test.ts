import { describe, expect, it } from "vitest";
import { embedActivationUrl, embedState, stripLeadingComments } from "./theme-embed";

const HEADER = `/*
 * ------------------------------------------------------------
 * IMPORTANT: The contents of this file are auto-generated.
 *
 * This file may be updated by the Shopify admin theme editor
 * or related systems. Please exercise caution as any changes
 * made to this file may be overwritten.
 * ------------------------------------------------------------
 */
`;

const SVC_BLOCK = "shopify://apps/svc-ab-tests/blocks/svc-embed/0b3f6c1e-7c5a-4a59-9a6e-3f1f0c2d9b11";
const OTHER_APP = "shopify://apps/judge-me-reviews/blocks/preview_badge_embed/61830e7a-4e3f-4bba-9f35-6f9a5a1c7a0e";

/** A settings_data.json as Dawn has it, with these app embed blocks. */
function settingsData(blocks: Record<string, unknown>, header = HEADER): string {
  return (
    header +
    JSON.stringify(
      {
        current: {
          logo_width: 90,
          color_schemes: { "scheme-1": { settings: { background: "#FFFFFF", text: "#121212" } } },
          type_header_font: "assistant_n4",
          sections: { "header-announcement-bar": { type: "announcement-bar", settings: {} } },
          content_for_index: [],
          blocks,
        },
        presets: { Default: { logo_width: 90 } },
      },
      null,
      2,
    )
  );
}

describe("embedState", () => {
  it("is on when svc's embed block is there and not disabled, header comment and all", () => {
    expect(embedState(settingsData({ "17005462843530419221": { type: SVC_BLOCK, disabled: false, settings: {} } }))).toBe("on");
    expect(embedState(settingsData({ "1": { type: SVC_BLOCK, settings: {} } }))).toBe("on");
  });

  it("is off when the block is disabled", () => {
    expect(embedState(settingsData({ "17005462843530419221": { type: SVC_BLOCK, disabled: true, settings: {} } }))).toBe("off");
  });

  it("is off when the theme has no svc block, only other apps' embeds", () => {
    expect(embedState(settingsData({ "8": { type: OTHER_APP, disabled: false, settings: {} } }))).toBe("off");
    expect(embedState(settingsData({}))).toBe("off");
  });

  it("is off when current has no blocks at all", () => {
    expect(embedState(JSON.stringify({ current: { logo_width: 90 }, presets: {} }))).toBe("off");
  });

  it("is on when one of two svc blocks is enabled", () => {
    const blocks = { a: { type: SVC_BLOCK, disabled: true }, b: { type: SVC_BLOCK, disabled: false }, c: { type: OTHER_APP } };
    expect(embedState(settingsData(blocks))).toBe("on");
  });

  it("does not mistake another app's block with a similar handle", () => {
    expect(embedState(settingsData({ a: { type: "shopify://apps/x/blocks/svc-embed-pro/123" } }))).toBe("off");
  });

  it("reads the blocks of the preset that current names", () => {
    const text = JSON.stringify({ current: "Default", presets: { Default: { blocks: { a: { type: SVC_BLOCK, disabled: false } } } } });
    expect(embedState(text)).toBe("on");
  });

  it.each([
    ["malformed JSON", `${HEADER}{"current": {"blocks": {`],
    ["a JSON array", "[]"],
    ["no current", JSON.stringify({ presets: {} })],
    ["a current naming a preset that is missing", JSON.stringify({ current: "Gone", presets: {} })],
    ["a missing file", null],
    ["an unclosed comment", "/* header {\"current\":{}}"],
  ])("is unknown for %s", (_what, text) => {
    expect(embedState(text)).toBe("unknown");
  });
});

describe("stripLeadingComments", () => {
  it("strips only the comments before the JSON, not text inside it", () => {
    expect(stripLeadingComments(`\uFEFF/* a */\n/* b */ {"x": "/* c */"}`)).toBe(` {"x": "/* c */"}`);
  });
});

describe("embedActivationUrl", () => {
  it("opens the live theme's editor on App embeds with svc's embed ready", () => {
    expect(embedActivationUrl("acme.myshopify.com", "0123abcd")).toBe(
      "https://acme.myshopify.com/admin/themes/current/editor?context=apps&activateAppId=0123abcd/svc-embed",
    );
  });
});
