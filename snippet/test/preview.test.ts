import { afterEach, describe, expect, it, vi } from "vitest";
import { previewToken } from "../src/preview";

const at = (url: string) => history.replaceState(null, "", url);

describe("previewToken", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
    localStorage.clear();
    at("/");
  });

  it("is not previewing without a link", () => {
    at("/products/mug");
    expect(previewToken()).toBeFalsy();
  });

  it("takes the link's token and keeps it for the tab's next pages (sessionStorage only)", () => {
    at("/demo?svc_preview=abc.DEF-_&x=1");
    expect(previewToken()).toBe("abc.DEF-_");
    at("/cart");
    expect(previewToken()).toBe("abc.DEF-_");
    expect(sessionStorage.getItem("svc_preview")).toBe("abc.DEF-_");
    expect(localStorage.getItem("svc_preview")).toBeNull();
  });

  it("takes a newer link's token over the kept one", () => {
    at("/?svc_preview=first.one");
    previewToken();
    at("/?svc_preview=second.one");
    expect(previewToken()).toBe("second.one");
  });

  it.each(["off", ""])("ends the preview on svc_preview=%s, also for the next pages", (value) => {
    at("/?svc_preview=abc.def");
    previewToken();
    at(`/?svc_preview=${value}`);
    expect(previewToken()).toBeFalsy();
    at("/next");
    expect(previewToken()).toBeFalsy();
  });

  it("does not preview when sessionStorage is blocked (the page stays as it is), and never throws", () => {
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    at("/?svc_preview=abc.def");
    expect(() => previewToken()).not.toThrow();
    expect(previewToken()).toBeFalsy();
  });
});
