import { describe, expect, it } from "vitest";
import { ANNOUNCEMENT_LIMITS, announcementEmail, parseAnnouncement } from "./announcement";

const FILE = "Id: 2027-03-events-v1\nSubject: /api/events moves to /api/v1/events\n\nOn 1 March 2027 the path changes.\nNothing else does.\n";

describe("parseAnnouncement", () => {
  it("reads the id, the subject and the text after the blank line", () => {
    expect(parseAnnouncement(FILE)).toEqual({
      ok: true,
      value: { id: "2027-03-events-v1", subject: "/api/events moves to /api/v1/events", body: "On 1 March 2027 the path changes.\nNothing else does." },
    });
    // Windows line ends, a byte-order mark and headers in either order, any case.
    expect(parseAnnouncement("\uFEFFsubject: S\r\nID: a.b_c\r\n\r\nText")).toEqual({ ok: true, value: { id: "a.b_c", subject: "S", body: "Text" } });
  });

  it.each([
    ["Subject: S\n\nText", /no "Id:" line/],
    ["Id: x\n\nText", /no "Subject:" line/],
    ["Id: x\nSubject: S\n\n  \n", /no text/],
    ["Id: x\nSubject: S\nFrom: me\n\nText", /line 3: expected "Id: …" or "Subject: …"/],
    ["Id: x\nId: y\nSubject: S\n\nText", /line 2: a second Id/],
    ["Id: ../etc\nSubject: S\n\nText", /must be letters, digits/],
    [`Id: ${"a".repeat(ANNOUNCEMENT_LIMITS.id + 1)}\nSubject: S\n\nText`, /must be letters, digits/],
    [`Id: x\nSubject: ${"s".repeat(ANNOUNCEMENT_LIMITS.subject + 1)}\n\nText`, /the Subject has 201 characters/],
    [`Id: x\nSubject: S\n\n${"t".repeat(ANNOUNCEMENT_LIMITS.body + 1)}`, /the text has 20001 characters/],
    ["Just some text", /line 1: expected/],
  ])("refuses %j, saying what is wrong", (source, error) => {
    const result = parseAnnouncement(source);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });
});

describe("announcementEmail", () => {
  it("goes to the owner once per id, with the text and why it came unasked", () => {
    const parsed = parseAnnouncement(FILE);
    if (!parsed.ok) throw new Error(parsed.error);
    const email = announcementEmail(parsed.value, { domain: "a.myshopify.com", ownerEmail: "o@a.example" });
    expect(email).toMatchObject({ kind: "announcement", dedupeKey: "announcement:2027-03-events-v1", to: "o@a.example", subject: "/api/events moves to /api/v1/events" });
    expect(email.text).toMatch(/^On 1 March 2027 the path changes\.\nNothing else does\.\n\nYou receive this because you are the account owner of a\.myshopify\.com/);
    expect(announcementEmail(parsed.value, { domain: "b.myshopify.com", ownerEmail: null }).to).toBeNull();
  });
});
