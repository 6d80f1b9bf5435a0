import { describe, expect, it } from "vitest";
import { clientErrorStatus, requestProblem, targetPath } from "./request-guard";

const request = (url: string, host?: string) => requestProblem({ url, headers: host === undefined ? {} : { host } })?.type ?? null;

describe("requestProblem", () => {
  it("accepts well-formed paths and hosts", () => {
    for (const url of ["/", "/app/tests/t%C3%A9st?x=%ZZ", "http://127.0.0.1:3000/api/patches?site=a", "*"]) expect(request(url, "localhost:3000")).toBeNull();
    for (const host of ["localhost", "127.0.0.1:3000", "[::1]:8080", "shop_1.example.com"]) expect(request("/", host)).toBeNull();
    expect(request("/")).toBeNull();
  });

  it("refuses paths whose escapes do not decode, and hosts that are not hosts", () => {
    for (const url of ["/app/tests/%ZZ", "/%C0", "/%E0%A4%A", "http://[bad/x"]) expect(request(url, "localhost")).toBe("malformed-url");
    for (const host of ["a b", "", "x/y", "[::1", "h:99999999", "%zz", "a\tb"]) expect(request("/", host)).toBe("invalid-host");
  });

  it("reads the path of the origin and absolute forms", () => {
    expect(targetPath("/a/b?c#d")).toBe("/a/b");
    expect(targetPath("https://h/x%20y?q")).toBe("/x%20y");
    expect(targetPath("not a url")).toBeNull();
  });
});

describe("clientErrorStatus", () => {
  it("tells the client's errors from ours", () => {
    expect(clientErrorStatus(Object.assign(new URIError("Failed to decode param"), { status: 400 }))).toBe(400);
    expect(clientErrorStatus(Object.assign(new TypeError("Invalid URL"), { code: "ERR_INVALID_URL" }))).toBe(400);
    expect(clientErrorStatus(new Error("database down"))).toBeNull();
    expect(clientErrorStatus(Object.assign(new Error("x"), { status: 503 }))).toBeNull();
    expect(clientErrorStatus(null)).toBeNull();
  });
});
