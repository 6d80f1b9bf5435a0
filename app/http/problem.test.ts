import { describe, expect, it } from "vitest";
import { fail, ok } from "~/services/outcome";
import { answer, problemDocument, problemResponse } from "./problem";

describe("problemResponse", () => {
  it("answers RFC 9457 JSON under the stable type URI, never cached", async () => {
    const res = problemResponse({ status: 400, type: "invalid-batch", title: "The event batch is not valid", issues: ["v: required"] });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(await res.text()).toBe(
      '{"type":"https://svc.dev/problems/invalid-batch","title":"The event batch is not valid","status":400,"issues":["v: required"]}',
    );
  });

  it("sends Retry-After and the problem's own headers", () => {
    const res = problemResponse({
      status: 401, type: "missing-api-key", title: "t", retryAfterSeconds: 3, headers: { "WWW-Authenticate": 'Bearer realm="svc"' },
    });
    expect(res.headers.get("retry-after")).toBe("3");
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="svc"');
  });

  it("leaves out detail and issues when there are none", () => {
    expect(problemDocument({ status: 500, type: "internal", title: "Internal error" })).toEqual({
      type: "https://svc.dev/problems/internal", title: "Internal error", status: 500,
    });
  });
});

describe("answer", () => {
  it("shapes a value, answers a problem", async () => {
    const respond = (n: number) => Response.json({ n }, { status: 201 });
    expect(await answer(ok(1), respond).json()).toEqual({ n: 1 });
    expect(answer(fail({ status: 404, type: "unknown-site", title: "Unknown Site ID" }), respond).status).toBe(404);
  });
});
