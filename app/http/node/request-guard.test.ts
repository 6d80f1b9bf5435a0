import { describe, expect, it } from "vitest";
import { clientErrorStatus, crossOriginAction, nulInQuery, requestProblem, targetPath } from "./request-guard";

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

describe("crossOriginAction", () => {
  const req = (method: string, url: string, headers: Record<string, string>) => ({ method, url, headers });
  it.each([
    ["POST", "/app/sites/new", { host: "svc.test", origin: "https://evil.test" }, 403],
    ["POST", "/app/sites/new", { host: "svc.test", origin: "null" }, 403],
    ["DELETE", "/auth/login", { host: "svc.test", origin: "not a url" }, 403],
    ["POST", "/app/sites/new", { host: "svc.test", origin: "https://svc.test" }, null],
    ["POST", "/app/sites/new", { host: "127.0.0.1:3000", "x-forwarded-host": "svc.test", origin: "https://svc.test" }, null],
    ["GET", "/app", { host: "svc.test", origin: "https://evil.test" }, null],
    ["PUT", "/api/editor/patches", { host: "svc.test", origin: "https://shop.example" }, null],
    ["POST", "/webhooks/orders/paid", { host: "svc.test" }, null],
  ] as const)("%s %s %j → %s", (method, url, headers, status) => {
    expect(crossOriginAction(req(method, url, headers))?.status ?? null).toBe(status);
  });
});

describe("NUL in a URL", () => {
  it("is refused in any path", () => {
    expect(requestProblem({ url: "/app/tests/a%00b/edit", headers: { host: "svc.test" } })?.type).toBe("malformed-url");
  });
  it("is left to the hot paths in their queries, and refused in queries for Remix", () => {
    expect(requestProblem({ url: "/api/consent?site=demo&lang=%00de", headers: { host: "svc.test" } })).toBeNull();
    expect(nulInQuery({ url: "/app?status=%00" })?.type).toBe("malformed-url");
    expect(nulInQuery({ url: "/app?status=%2500" })).toBeNull();
  });
});
