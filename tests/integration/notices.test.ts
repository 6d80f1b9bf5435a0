// Issue 36, row 1: svc emails merchants nothing unasked but breaking-change announcements (spec, Events 4).
// A shop with no Settings changed and an owner's email gets no notice, though the schedule pass still finds
// its test decided and another mismatched (the admin shows both); switching "decided" on without an address
// is refused with a question for one; with both, the next decided test's notice reaches the SMTP catcher
// once, and the mismatch, not asked for, does not. The pass and the sender run in this process, on a real
// database, as the server's timers run them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "~/demo/mail-catcher.server";
import { RESULTS_SCENARIOS } from "~/demo/results-scenarios";
import { loadSettings, saveSettings } from "~/services/admin/settings.server";
import { drainOutbox, startOutbox, stopOutbox } from "~/services/outbox.server";
import { runSchedule } from "~/services/schedule.server";
import { databaseKinds } from "../support/databases";
import { useAppInProcess } from "../support/in-process";
import { ago, networkRowsFor, purchaseRows, seedRows, seedShop, seedSite, seedTest } from "../support/seed";

const SHOP = "svc-notices.myshopify.com";
const OWNER = "owner@notices.example";
const SHIP = RESULTS_SCENARIOS.find((s) => s.state === "ship")!;

describe.each(databaseKinds)("the owner's notices (%s)", (kind) => {
  const app = useAppInProcess(kind);
  let mail: MailCatcher;
  let siteId = "";
  let now = Date.now();
  const passes = async (count: number) => {
    const runs = [];
    for (let i = 0; i < count; i++) runs.push(await runSchedule(new Date((now += 1000)), async () => null, () => {}));
    return runs;
  };
  const outbox = () => app.sql.query<{ kind: string; to: string | null; subject: string }>(`SELECT kind, "to", subject FROM "OutboxEmail" ORDER BY "createdAt"`);
  const noticedAt = async (testId: string) =>
    (await app.sql.query<{ decided: Date | null; srm: Date | null }>(`SELECT "decidedNoticeAt" AS decided, "srmNoticeAt" AS srm FROM "Test" WHERE id = $1`, [testId]))[0];
  /** A running web test decided for its variant from the first pass (the ship example), over many networks. */
  const seedDecided = async (id: string) => {
    await seedTest(app.sql, { id, site: "notices-site", status: "running", startedAt: ago("30 days"), pages: [`/${id}`], goals: [SHIP.goal] });
    const rows = SHIP.rows(new Date().toISOString().slice(0, 10)).map((r) => ({ ...r, armId: r.armId.replace(SHIP.id, id), siteId, testId: id }));
    await seedRows(app.sql, "DailyRollup", rows);
    await seedRows(app.sql, "NetworkRollup", networkRowsFor(rows, 200));
  };

  beforeAll(async () => {
    mail = await startMailCatcher();
    startOutbox(mail.url, "svc <svc@localhost>", () => {});
    await seedShop(app.sql, { domain: SHOP, ownerEmail: OWNER });
    siteId = (await seedSite(app.sql, { shop: SHOP, id: "notices-site" })).id;
    await seedDecided("decided-a");
    // Half the visitors in one arm of a 50/50 test: a sample ratio mismatch.
    await seedTest(app.sql, { id: "srm-n", site: "notices-site", status: "running", startedAt: ago("3 days"), pages: ["/srm-n"], goals: ["purchase"] });
    const srm = [...purchaseRows("srm-n-a", 1_000), ...purchaseRows("srm-n-b", 500, 10_000)].map((r) => ({ ...r, siteId, testId: "srm-n" }));
    await seedRows(app.sql, "DailyRollup", srm);
    await seedRows(app.sql, "NetworkRollup", networkRowsFor(srm, 200));
  });
  afterAll(async () => {
    await stopOutbox();
    await mail?.close();
  });

  it("emails nothing to a shop that changed no Settings, though the pass finds a test decided and one mismatched", async () => {
    const settings = await loadSettings(SHOP);
    expect(settings.ok && settings.value.notices).toEqual([]);
    const [first] = await passes(3);
    expect(first!.noticed.sort()).toEqual(["decided-a", "srm-n"]);
    // What the admin reads them from is recorded, email or not.
    expect(await noticedAt("decided-a")).toMatchObject({ decided: expect.any(Date) });
    expect(await noticedAt("srm-n")).toMatchObject({ srm: expect.any(Date) });
    expect(await outbox()).toEqual([]);
    await drainOutbox();
    expect(mail.messages).toEqual([]);
  });

  it("asks for the owner's email when 'decided' is switched on without one, and changes nothing", async () => {
    const saved = await saveSettings(SHOP, { ownerEmail: " ", retentionDays: "395", notices: "decided" });
    expect(saved).toMatchObject({ ok: false, problem: { status: 400, type: "invalid-settings", fieldErrors: { ownerEmail: "Enter the email these notices go to, or switch them off." } } });
    const settings = await loadSettings(SHOP);
    expect(settings.ok && { email: settings.value.ownerEmail, notices: settings.value.notices }).toEqual({ email: OWNER, notices: [] });
  });

  it("with both, emails the next decided test's notice once, and not the mismatch it was not asked for", async () => {
    const saved = await saveSettings(SHOP, { ownerEmail: OWNER, retentionDays: "395", notices: "decided" });
    expect(saved).toMatchObject({ ok: true, value: { notices: ["decided"] } });
    await seedDecided("decided-b");
    await seedTest(app.sql, { id: "srm-late", site: "notices-site", status: "running", startedAt: ago("3 days"), pages: ["/srm-late"], goals: ["purchase"] });
    const srm = [...purchaseRows("srm-late-a", 1_000), ...purchaseRows("srm-late-b", 500, 10_000)].map((r) => ({ ...r, siteId, testId: "srm-late" }));
    await seedRows(app.sql, "DailyRollup", srm);
    await seedRows(app.sql, "NetworkRollup", networkRowsFor(srm, 200));
    await passes(3);
    await drainOutbox();
    const email = await mail.waitFor((m) => m.subject.includes('"Test decided-b"'));
    expect(email.to).toEqual([OWNER]);
    expect(email.subject).toBe('The test "Test decided-b" is decided: a winner');
    expect(email.text).toContain("switched this notice on");
    // Once: the passes after the first sent nothing more, and nothing else was sent (no mismatch, no old decision).
    expect(mail.messages.map((m) => m.subject)).toEqual([email.subject]);
    expect(await noticedAt("srm-late")).toMatchObject({ srm: expect.any(Date) });
    expect((await outbox()).map((e) => e.kind)).toEqual(["decided"]);
  });
});
