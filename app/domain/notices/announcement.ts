// A breaking-change announcement (spec, Versioning 4: announced by email to account owners before it ships):
// the file an operator writes for `npm run announce`, read strictly, and the email each owner receives.
import { ANNOUNCEMENT_KIND } from "./notice-kinds";

export interface Announcement {
  /** Names it for good: each shop's owner receives an id once, however often the command runs. */
  id: string;
  subject: string;
  body: string;
}

export const ANNOUNCEMENT_LIMITS = { id: 64, subject: 200, body: 20_000 } as const;
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The file: header lines `Id: …` and `Subject: …` (in either order, nothing else), a blank line, then the
 * body as plain text. Every mistake is named with its line, since an operator runs this once, for everyone.
 */
export function parseAnnouncement(source: string): { ok: true; value: Announcement } | { ok: false; error: string } {
  const lines = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\n");
  const headers = new Map<string, string>();
  let at = 0;
  for (; at < lines.length && lines[at]!.trim() !== ""; at++) {
    const match = /^([A-Za-z]+):\s*(.*)$/.exec(lines[at]!);
    const name = match?.[1]?.toLowerCase();
    if (!match || (name !== "id" && name !== "subject")) return { ok: false, error: `line ${at + 1}: expected "Id: …" or "Subject: …", then a blank line and the text` };
    if (headers.has(name)) return { ok: false, error: `line ${at + 1}: a second ${match[1]}` };
    headers.set(name, match[2]!.trim());
  }
  const id = headers.get("id") ?? "";
  const subject = headers.get("subject") ?? "";
  const body = lines.slice(at + 1).join("\n").trim();
  if (!id) return { ok: false, error: `no "Id:" line: name the announcement, e.g. "Id: 2027-03-events-v1"` };
  if (id.length > ANNOUNCEMENT_LIMITS.id || !ID.test(id)) {
    return { ok: false, error: `the Id "${id.slice(0, 80)}" must be letters, digits, dots, dashes or underscores, at most ${ANNOUNCEMENT_LIMITS.id}` };
  }
  if (!subject) return { ok: false, error: `no "Subject:" line` };
  if (subject.length > ANNOUNCEMENT_LIMITS.subject) return { ok: false, error: `the Subject has ${subject.length} characters; at most ${ANNOUNCEMENT_LIMITS.subject}` };
  if (!body) return { ok: false, error: "no text: after the header lines, a blank line and the announcement itself" };
  if (body.length > ANNOUNCEMENT_LIMITS.body) return { ok: false, error: `the text has ${body.length} characters; at most ${ANNOUNCEMENT_LIMITS.body}` };
  return { ok: true, value: { id, subject, body } };
}

/** What makes the announcement once per shop in the outbox. */
export const announcementKey = (id: string) => `announcement:${id}`;

/** One owner's email; `to` null while the shop has no owner's email (it waits, and Settings shows it). */
export function announcementEmail(announcement: Announcement, owner: { domain: string; ownerEmail: string | null }) {
  return {
    kind: ANNOUNCEMENT_KIND,
    dedupeKey: announcementKey(announcement.id),
    to: owner.ownerEmail,
    subject: announcement.subject,
    text:
      `${announcement.body}\n\n` +
      `You receive this because you are the account owner of ${owner.domain} in svc. Unasked, svc emails you only ` +
      `to announce breaking changes before they ship; the other notices are yours to switch on in Settings.\n`,
  };
}
