import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isSiteId } from "~/wire";
import { newSiteId } from "./site-id";

describe("newSiteId", () => {
  it("makes valid, distinct ids", () => {
    const ids = new Set(Array.from({ length: 200 }, () => newSiteId(randomBytes)));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(isSiteId(id)).toBe(true);
  });

  it("uses every byte's low five bits", () => {
    expect(newSiteId(() => new Uint8Array(16).fill(33))).toBe("b".repeat(16));
  });
});
