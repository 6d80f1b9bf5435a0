// Outgoing mail over SMTP (nodemailer), configured by SVC_SMTP_URL and SVC_MAIL_FROM: the one transport
// every notice uses, through the outbox (app/services/outbox.server.ts).
import nodemailer from "nodemailer";

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

export function smtpSender(url: string, from: string): MailSender {
  const transport = nodemailer.createTransport({
    url,
    // A server that does not answer holds one send for seconds, never the drainer for good.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, messageId: `<${message.id}@svc>` });
    },
    close: () => transport.close(),
  };
}
