import { describe, expect, it } from "vitest";
import { collectionProblem, offerCollections, readCollectionIds } from "./collection-check";

const C = (n: number) => `gid://shopify/Collection/${n}`;

describe("an offer's collections against the shop's", () => {
  it("lists each collection field of product and buy-X-get-Y offers, and none of the others", () => {
    expect(offerCollections({ k: "products", percent: 10, collections: [C(1)] })).toEqual([{ field: "collections", ids: [C(1)] }]);
    expect(offerCollections({ k: "bxgy", buy: [], buyCollections: [C(1)], x: 2, getCollections: [C(2)], y: 1, percent: 100 })).toEqual([
      { field: "collections", ids: [C(1)] },
      { field: "getCollections", ids: [C(2)] },
    ]);
    expect(offerCollections({ k: "products", percent: 10, products: ["gid://shopify/Product/1"] })).toEqual([]);
    expect(offerCollections({ k: "order", percent: 10 })).toEqual([]);
    expect(offerCollections(null)).toEqual([]);
  });

  it("reads which ids the shop answered, and nothing from an answer that is not one node per id", () => {
    expect(readCollectionIds({ nodes: [{ id: C(1) }, null, {}] }, [C(1), C(2), C(3)])).toEqual(new Set([C(1)]));
    // A node answered for another id than asked is not the asked one's.
    expect(readCollectionIds({ nodes: [{ id: C(9) }] }, [C(1)])).toEqual(new Set());
    expect(readCollectionIds({ nodes: [{ id: C(1) }] }, [C(1), C(2)])).toBeNull();
    expect(readCollectionIds({ errors: "x" }, [C(1)])).toBeNull();
  });

  it("names the ids that are not the shop's, by their number", () => {
    expect(collectionProblem([C(1), C(2)], new Set([C(1), C(2)]))).toBeNull();
    expect(collectionProblem([C(1), C(2)], new Set([C(1)]))).toBe("Not a collection of this shop: 2. Correct the id, or choose the collections again.");
    expect(collectionProblem([C(1), C(2), C(3), C(4), C(5)], new Set())).toContain("1, 2, 3 and 2 more");
  });
});
