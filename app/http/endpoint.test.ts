import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { serverEndpoint, unavailableOnFailure } from "./endpoint";

const call = (endpoint: (args: LoaderFunctionArgs) => Promise<Response>, method: string) =>
  endpoint({ request: new Request("http://svc.test/api/x", { method }), params: {}, context: {} } as LoaderFunctionArgs);

const ok = async () => Response.json({ fine: true });

describe("serverEndpoint", () => {
  it("sends no CORS headers and answers no preflight", async () => {
    expect((await call(serverEndpoint("POST", ok), "POST")).headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await call(serverEndpoint("POST", ok), "OPTIONS");
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses other methods with Allow, and answers HEAD as GET", async () => {
    for (const [allow, method] of [["GET", "POST"], ["POST", "GET"], ["POST", "HEAD"], ["POST", "PUT"]] as const) {
      const res = await call(serverEndpoint(allow, ok), method);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
    }
    expect((await call(serverEndpoint("GET", ok), "HEAD")).status).toBe(200);
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
