// Outgoing mail over SMTP (nodemailer), configured by SVC_SMTP_URL and SVC_MAIL_FROM: the one transport
// every notice uses, through the outbox (app/services/outbox.server.ts).
import type { Transporter } from "nodemailer";

export interface MailMessage {
  /** The outbox row's id: the Message-ID's left part, so a message sent twice (at least once) is recognisable. */
  id: string;
  to: string;
  subject: string;
  text: string;
}

export interface MailSender {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Where mail goes, for logs: the URL without its user and password. */
export function smtpWhere(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/** The transport is made at the first send: a process that never sends mail never loads the mail library. */
export function smtpSender(url: string, from: string): MailSender {
  let transport: Promise<Transporter> | undefined;
  const open = async () => {
    const nodemailer = (await import("nodemailer")).default;
    return nodemailer.createTransport({
      url,
      // A server that does not answer holds one send for seconds, never the drainer for good.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  };
  return {
    async send(message) {
      transport ??= open();
      await (await transport).sendMail({ from, to: message.to, subject: message.subject, text: message.text, messageId: `<${message.id}@svc>` });
    },
    close: () => void transport?.then((t) => t.close(), () => undefined),
  };
}
