import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { serverEndpoint, snippetEndpoint, unavailableOnFailure } from "./endpoint";
import { problemResponse } from "./problem";

const call = (endpoint: (args: LoaderFunctionArgs) => Promise<Response>, method: string) =>
  endpoint({ request: new Request("http://svc.test/api/x", { method }), params: {}, context: {} } as LoaderFunctionArgs);

const ok = async () => Response.json({ fine: true });
const refused = async () => problemResponse({ status: 404, type: "unknown-site", title: "Unknown Site ID" });

describe("snippetEndpoint", () => {
  it("answers the preflight", async () => {
    const res = await call(snippetEndpoint("POST", ok), "OPTIONS");
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, POST, OPTIONS");
  });

  it("lets any origin read answers and problems alike", async () => {
    for (const handle of [ok, refused]) {
      const res = await call(snippetEndpoint("GET", handle), "GET");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
    expect((await call(snippetEndpoint("GET", ok), "HEAD")).status).toBe(200);
  });

  it("refuses other methods with Allow", async () => {
    for (const [allow, method] of [["GET", "POST"], ["POST", "GET"], ["POST", "HEAD"], ["POST", "PUT"]] as const) {
      const res = await call(snippetEndpoint(allow, ok), method);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
    }
  });
});

describe("serverEndpoint", () => {
  it("sends no CORS headers and answers no preflight", async () => {
    expect((await call(serverEndpoint("POST", ok), "POST")).headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await call(serverEndpoint("POST", ok), "OPTIONS");
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("unavailableOnFailure", () => {
  it("turns a failed write into 503 with Retry-After", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await unavailableOnFailure(() => Promise.reject(new Error("connection refused")));
    logged.mockRestore();
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect((await res.json()).type).toBe("https://svc.dev/problems/temporarily-unavailable");
  });
});
