// Issue 36, row 1: a breaking-change announcement reaches every installed shop's account owner once per id
// (spec, Versioning 4). In this process on both databases: a dry run lists the owners and queues nothing, a
// run reaches each owner with an address at the SMTP catcher, a shop without one waits (its Settings show it)
// until its owner's email is saved, and a second run with the same id sends nothing. On PostgreSQL, the same
// through the operator's command itself (scripts/announce.ts, as `npm run announce` runs it).
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "~/demo/mail-catcher.server";
import { parseAnnouncement } from "~/domain/notices/announcement";
import { announce } from "~/services/announce.server";
import { loadSettings, saveSettings } from "~/services/admin/settings.server";
import { drainOutbox, startOutbox, stopOutbox } from "~/services/outbox.server";
import { databaseKinds } from "../support/databases";
import { useAppInProcess } from "../support/in-process";
import { SHOPIFY_TEST_ENV } from "../support/server";
import { seedShop } from "../support/seed";

const run = promisify(execFile);
const FILE = "Id: 2027-03-events-v1\nSubject: svc: /api/events moves to /api/v1/events on 1 March 2027\n\nThe old path answers until 1 June 2027.\n";
const parsed = parseAnnouncement(FILE);
if (!parsed.ok) throw new Error(parsed.error);
const ANNOUNCEMENT = parsed.value;

describe.each(databaseKinds)("breaking-change announcements (%s)", (kind) => {
  const app = useAppInProcess(kind);
  let mail: MailCatcher;
  const to = () => mail.messages.flatMap((m) => m.to).sort();

  beforeAll(async () => {
    mail = await startMailCatcher();
    startOutbox(mail.url, "svc <svc@localhost>", () => {});
    await seedShop(app.sql, { domain: "ann-a.myshopify.com", ownerEmail: "owner@a.example" });
    await seedShop(app.sql, { domain: "ann-b.myshopify.com", ownerEmail: "owner@b.example" });
    await seedShop(app.sql, { domain: "ann-c.myshopify.com" });
    await seedShop(app.sql, { domain: "ann-gone.myshopify.com", ownerEmail: "owner@gone.example", uninstalledAt: new Date() });
  });
  afterAll(async () => {
    await stopOutbox();
    await mail?.close();
  });

  it("lists every installed shop's owner on a dry run, and queues nothing", async () => {
    const report = await announce(ANNOUNCEMENT, { dryRun: true });
    expect(report).toEqual({
      owners: [
        { domain: "ann-a.myshopify.com", to: "owner@a.example", already: false },
        { domain: "ann-b.myshopify.com", to: "owner@b.example", already: false },
        { domain: "ann-c.myshopify.com", to: null, already: false },
      ],
      queued: 0,
    });
    expect(await app.sql.query(`SELECT id FROM "OutboxEmail"`)).toEqual([]);
  });

  it("reaches each owner with an address once; a shop without one waits, shown in its Settings, until one is saved", async () => {
    expect((await announce(ANNOUNCEMENT, { dryRun: false })).queued).toBe(3);
    await drainOutbox();
    expect(to()).toEqual(["owner@a.example", "owner@b.example"]);
    expect(mail.messages[0]!.subject).toBe(ANNOUNCEMENT.subject);
    expect(mail.messages[0]!.text).toContain("The old path answers until 1 June 2027.");
    const waiting = await loadSettings("ann-c.myshopify.com");
    expect(waiting.ok && waiting.value.waiting).toEqual([{ kind: "announcement", subject: ANNOUNCEMENT.subject, queuedAt: expect.any(String) }]);

    expect((await saveSettings("ann-c.myshopify.com", { ownerEmail: "owner@c.example", retentionDays: "395" })).ok).toBe(true);
    await mail.waitFor((m) => m.to.includes("owner@c.example"));
    await drainOutbox();
    expect(to()).toEqual(["owner@a.example", "owner@b.example", "owner@c.example"]);
  });

  it("sends nothing on a second run with the same id", async () => {
    const again = await announce(ANNOUNCEMENT, { dryRun: false });
    expect(again.queued).toBe(0);
    expect(again.owners.every((o) => o.already)).toBe(true);
    await drainOutbox();
    expect(mail.messages).toHaveLength(3);
  });

  // The command itself opens the database as the app does, beside this process's handle: PostgreSQL admits
  // both, the embedded database admits one process per folder.
  if (kind === "postgres") {
    it("does the same through npm run announce: a dry run sends nothing, a run reaches each owner, a second run nobody", async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "svc-announce-"));
      const file = path.join(dir, "announcement.txt");
      await writeFile(file, FILE.replace("2027-03-events-v1", "2027-04-cli"));
      const env = { ...process.env, ...SHOPIFY_TEST_ENV, ...app.db.env, SVC_SMTP_URL: mail.url } as NodeJS.ProcessEnv;
      delete env.SVC_DEMO;
      const announceCli = (...args: string[]) => run(path.resolve("node_modules/.bin/tsx"), ["scripts/announce.ts", ...args], { env, timeout: 60_000 });
      // Only the command sends now: this process's sender would otherwise race it for what it queues.
      await stopOutbox();
      try {
        const before = mail.messages.length;
        const dry = await announceCli(file, "--dry-run");
        expect(dry.stdout).toMatch(/ann-a\.myshopify\.com {2}owner@a\.example {2}would be sent/);
        expect(dry.stdout).not.toContain("ann-gone");
        expect(mail.messages).toHaveLength(before);

        const first = await announceCli(file);
        expect(first.stdout).toContain("queued 3 (0 wait for an owner's email");
        expect(first.stdout).toContain("sent 3 now");
        expect(mail.messages.slice(before).flatMap((m) => m.to).sort()).toEqual(["owner@a.example", "owner@b.example", "owner@c.example"]);

        const second = await announceCli(file);
        expect(second.stdout).toContain("queued 0");
        expect(mail.messages).toHaveLength(before + 3);

        // A bad file is refused before anything is read or sent, with its line.
        await writeFile(file, "Id: x\nFrom: me\n\nText");
        await expect(announceCli(file)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('line 2: expected "Id: …" or "Subject: …"') });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
});
