// npm run announce -- <file> [--dry-run]: emails a breaking-change announcement to every installed shop's account
// owner, once per announcement id (docs/operations in README.md, "Announcing a breaking change"). The file:
// "Id: …" and "Subject: …" lines, a blank line, the text. --dry-run lists the recipients and sends nothing.
// Queued in the database's outbox, then sent here when SVC_SMTP_URL is set (else by the running app's sender).
import { readFile } from "node:fs/promises";
import { disconnect } from "~/db.server";
import { parseAnnouncement } from "~/domain/notices/announcement";
import { ConfigError, readEnv } from "~/env.server";
import { announce } from "~/services/announce.server";
import { startOutbox, stopOutbox, drainOutbox } from "~/services/outbox.server";

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const files = args.filter((arg) => arg !== "--dry-run");
if (files.length !== 1 || files[0]!.startsWith("-")) {
  console.error("usage: npm run announce -- <file> [--dry-run]\n  <file>: \"Id: …\" and \"Subject: …\" lines, a blank line, then the text");
  process.exit(2);
}
const source = await readFile(files[0]!, "utf8").catch((error: NodeJS.ErrnoException) => {
  console.error(`announce: cannot read ${files[0]}: ${error.code ?? error.message}`);
  process.exit(2);
});
const parsed = parseAnnouncement(source);
if (!parsed.ok) {
  console.error(`announce: ${files[0]}: ${parsed.error}`);
  process.exit(2);
}
const { id, subject } = parsed.value;
// The app's own environment (its database, SVC_SMTP_URL, SVC_MAIL_FROM): run it where the app's settings are.
const env = (() => {
  try {
    return readEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`announce: run it with the app's environment: ${error.message}`);
    process.exit(2);
  }
})();
try {
  const report = await announce(parsed.value, { dryRun });
  console.log(`announce ${id}: "${subject}"${dryRun ? " (dry run: nothing is queued or sent)" : ""}`);
  for (const owner of report.owners) {
    const state = owner.already ? "already has it" : owner.to ? (dryRun ? "would be sent" : "queued") : dryRun ? "would wait: no owner's email" : "waits: no owner's email";
    console.log(`  ${owner.domain}  ${owner.to ?? "-"}  ${state}`);
  }
  const waiting = report.owners.filter((o) => !o.already && !o.to).length;
  if (dryRun) {
    console.log(`${report.owners.filter((o) => !o.already).length} of ${report.owners.length} shops would receive it now or once their owner's email is set`);
  } else {
    console.log(`queued ${report.queued} (${waiting} wait for an owner's email, shown in their Settings); ${report.owners.length - report.queued} already had it`);
    if (env.smtpUrl) {
      startOutbox(env.smtpUrl, env.mailFrom, (line) => console.log(line));
      console.log(`sent ${await drainOutbox()} now; failures are retried by the running app's sender`);
    } else if (report.queued > 0) {
      console.log("SVC_SMTP_URL is not set here: the running app's sender sends them (it looks every 15 s)");
    }
  }
} finally {
  await stopOutbox();
  await disconnect();
}
