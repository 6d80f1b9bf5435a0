import { describe, expect, it } from "vitest";
import { emailKindsSwitchedOff, NOTICE_KINDS, noticeKindOfEmail, noticeRecipient, normalizeNotices } from "./notice-kinds";

describe("noticeRecipient", () => {
  it("sends nothing the merchant did not switch on, whatever the address", () => {
    for (const kind of NOTICE_KINDS) expect(noticeRecipient({ ownerEmail: "o@a.example", notices: [] }, kind)).toBeUndefined();
    expect(noticeRecipient({ ownerEmail: "o@a.example", notices: ["srm"] }, "decided")).toBeUndefined();
  });
  it("addresses a switched-on notice to the owner, or keeps it unaddressed (null) until there is one", () => {
    expect(noticeRecipient({ ownerEmail: "o@a.example", notices: ["decided"] }, "decided")).toBe("o@a.example");
    expect(noticeRecipient({ ownerEmail: null, notices: ["decided"] }, "decided")).toBeNull();
  });
});

describe("noticeKindOfEmail", () => {
  it("maps every email kind svc queues to its switch, and announcements to none", () => {
    expect(noticeKindOfEmail("decided")).toBe("decided");
    expect(noticeKindOfEmail("decided-stop")).toBe("decided");
    expect(noticeKindOfEmail("srm")).toBe("srm");
    expect(noticeKindOfEmail("guardrail-pause")).toBe("guardrail");
    expect(noticeKindOfEmail("misuse-pause")).toBe("misuse");
    expect(noticeKindOfEmail("schedule-end")).toBe("schedule");
    expect(noticeKindOfEmail("schedule-start-failed")).toBe("schedule");
    expect(noticeKindOfEmail("announcement")).toBeNull();
  });
});

describe("normalizeNotices", () => {
  it("keeps known kinds once each, in Settings' order", () => {
    expect(normalizeNotices(["schedule", "nonsense", "decided", "decided"])).toEqual(["decided", "schedule"]);
  });
});

describe("emailKindsSwitchedOff", () => {
  it("lists the email kinds of every switch that is off, never an announcement's", () => {
    expect(emailKindsSwitchedOff(["decided", "srm", "guardrail", "misuse"])).toEqual(["schedule-end", "schedule-start-failed"]);
    const all = emailKindsSwitchedOff([]);
    expect(all).toHaveLength(7);
    expect(all).not.toContain("announcement");
    expect(emailKindsSwitchedOff(NOTICE_KINDS)).toEqual([]);
  });
});
