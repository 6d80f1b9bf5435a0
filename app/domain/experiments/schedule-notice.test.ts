import { describe, expect, it } from "vitest";
import { decidedStopEmail, scheduledEndEmail, scheduledStartFailedEmail } from "./schedule-notice";

const test = { name: "Bold\nbutton", siteName: "Acme", shopDomain: "acme.myshopify.com", ownerEmail: "owner@example.com" };

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

  it("send nothing without an owner email", () => {
    const none = { ...test, ownerEmail: null };
    expect(decidedStopEmail(none, "ship", "B")).toBeNull();
    expect(scheduledEndEmail(none)).toBeNull();
    expect(scheduledStartFailedEmail(none, "x")).toBeNull();
  });
});
