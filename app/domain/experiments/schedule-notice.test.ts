import { describe, expect, it } from "vitest";
import { decidedEmail, decidedStopEmail, guardrailPauseEmail, scheduledEndEmail, scheduledStartFailedEmail, srmEmail } from "./schedule-notice";

const ALL = ["decided", "srm", "guardrail", "misuse", "schedule"];
const test = { name: "Bold\nbutton", siteName: "Acme", shopDomain: "acme.myshopify.com", ownerEmail: "owner@example.com", notices: ALL };

describe("schedule notices", () => {
  it("say what svc did and why, to the owner, with a one-line subject", () => {
    const ship = decidedStopEmail(test, "ship", "Variant B");
    expect(ship).toMatchObject({ kind: "decided-stop", to: "owner@example.com", subject: 'svc completed the test "Bold button": a winner' });
    expect(ship?.text).toContain("Variant B beat the original");
    expect(ship?.text).toContain("not live until you make it part of your theme");
    expect(decidedStopEmail(test, "no-difference", null)?.text).toContain("with no winner");
    expect(scheduledEndEmail(test)?.subject).toBe('svc completed the test "Bold button" at its scheduled end');
    expect(scheduledStartFailedEmail(test, "Choose a primary goal before starting.")?.text).toContain("cannot start: Choose a primary goal");
  });

  it("tell the owner of a decision, a mismatch or a guardrail without svc ending the test", () => {
    const decided = decidedEmail(test, "ship", "Variant B");
    expect(decided).toMatchObject({ kind: "decided", subject: 'The test "Bold button" is decided: a winner' });
    expect(decided?.text).toContain("Variant B beats the original");
    expect(decided?.text).toContain("keeps the test running until you complete it");
    expect(decidedEmail(test, "keep-control", null)?.subject).toBe('The test "Bold button" is decided: keep the original');
    expect(srmEmail(test)).toMatchObject({ kind: "srm", subject: 'Do not trust the test "Bold button" yet: its visitors are not split as set' });
    const guard = guardrailPauseEmail(test, "Guardrail: it costs sales.");
    expect(guard).toMatchObject({ kind: "guardrail-pause", subject: 'svc paused the test "Bold button": a guardrail was tripped' });
    expect(guard?.text).toContain("Guardrail: it costs sales.");
  });

  it("send nothing the merchant did not switch on, even with an owner email (the spec's default)", () => {
    const off = { ...test, notices: [] };
    expect(decidedStopEmail(off, "ship", "B")).toBeNull();
    expect(scheduledEndEmail(off)).toBeNull();
    expect(scheduledStartFailedEmail(off, "x")).toBeNull();
    expect(decidedEmail(off, "no-difference", null)).toBeNull();
    expect(srmEmail(off)).toBeNull();
    expect(guardrailPauseEmail(off, "x")).toBeNull();
    // Each switch governs its own kinds only.
    const decidedOnly = { ...test, notices: ["decided"] };
    expect(decidedEmail(decidedOnly, "ship", "B")).not.toBeNull();
    expect(decidedStopEmail(decidedOnly, "ship", "B")).not.toBeNull();
    expect(srmEmail(decidedOnly)).toBeNull();
    expect(guardrailPauseEmail(decidedOnly, "x")).toBeNull();
    expect(scheduledEndEmail(decidedOnly)).toBeNull();
  });

  it("keep a switched-on notice unaddressed when there is no owner email, rather than dropping it", () => {
    const none = { ...test, ownerEmail: null };
    for (const email of [decidedStopEmail(none, "ship", "B"), scheduledEndEmail(none), scheduledStartFailedEmail(none, "x"), decidedEmail(none, "no-difference", null), srmEmail(none), guardrailPauseEmail(none, "x")]) {
      expect(email).not.toBeNull();
      expect(email?.to).toBeNull();
      expect(email?.text).toContain("switched this notice on");
    }
  });
});
