import { describe, expect, it } from "vitest";
import { misusePauseEmail, misusePauseReason } from "./misuse-notice";

const WINDOW = { evidence: 812, claims: 1200, visitors: 50, networks: 20, spanMs: 17 * 60_000 };

describe("misusePauseReason", () => {
  it("says what happened in figures, that results are safe, and what to do", () => {
    expect(misusePauseReason(WINDOW)).toBe(
      "svc paused this test: over 17 minutes, 50 or more visitors on 20 or more networks sent 812 exposure events from your " +
        "site claiming a variant they were not shown (a page script calling window.svc.exposure with wrong values?). None of " +
        "them was counted: the results are unaffected. Fix the page, then resume the test.",
    );
    expect(misusePauseReason({ ...WINDOW, spanMs: 2_000 })).toContain("over 1 minute,");
  });
});

describe("misusePauseEmail", () => {
  const test = { name: "Hero\r\nBcc: x@evil.example", siteName: "Store", shopDomain: "s.myshopify.com", ownerEmail: "owner@example.com", notices: ["misuse"] };

  it("goes to the owner, with the reason, and a subject on one line", () => {
    const email = misusePauseEmail(test, "REASON")!;
    expect(email).toMatchObject({ kind: "misuse-pause", to: "owner@example.com" });
    expect(email.subject).toBe('svc paused the test "Hero Bcc: x@evil.example" on Store');
    expect(email.text).toContain("REASON");
  });

  it("is not sent unless the merchant switched it on", () => {
    expect(misusePauseEmail({ ...test, notices: [] }, "REASON")).toBeNull();
    expect(misusePauseEmail({ ...test, notices: ["guardrail"] }, "REASON")).toBeNull();
  });

  it("waits unaddressed, not dropped, while the shop has no owner email", () => {
    expect(misusePauseEmail({ ...test, ownerEmail: null }, "REASON")).toMatchObject({ kind: "misuse-pause", to: null });
  });
});
