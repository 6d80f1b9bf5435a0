import { parse } from "graphql";
import { describe, expect, it } from "vitest";
import { membershipQuery, membershipVariables, readMembership } from "./collection-membership";

const P1 = "gid://shopify/Product/1";
const P2 = "gid://shopify/Product/2";
const C = ["gid://shopify/Collection/5", "gid://shopify/Collection/6"];

describe("the collections of an order's products", () => {
  it("asks each product's inCollection of each collection, in a query that parses", () => {
    const query = membershipQuery(2);
    expect(() => parse(query.replace("#graphql", ""))).not.toThrow();
    expect(query).toContain("k0: inCollection(id: $k0) k1: inCollection(id: $k1)");
    expect(membershipVariables([P1], C)).toEqual({ ids: [P1], k0: C[0], k1: C[1] });
  });

  it("reads each product's collections from the answer", () => {
    const data = { nodes: [{ id: P1, k0: true, k1: false }, { id: P2, k0: false, k1: false }] };
    expect(readMembership(data, [P1, P2], C)).toEqual(new Map([[P1, [C[0]]], [P2, []]]));
  });

  it.each([
    ["a product Shopify no longer has", { nodes: [{ id: P1, k0: true, k1: false }, null] }],
    ["an answer without a field", { nodes: [{ id: P1, k0: true }, { id: P2, k0: false, k1: false }] }],
    ["another product in its place", { nodes: [{ id: P2, k0: true, k1: false }, { id: P1, k0: false, k1: false }] }],
    ["no nodes", null],
  ])("answers nothing for %s: the check then counts nothing rather than guess", (_, data) => {
    expect(readMembership(data, [P1, P2], C)).toBeNull();
  });
});
