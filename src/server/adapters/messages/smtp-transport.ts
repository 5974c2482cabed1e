import nodemailer from 'nodemailer';
import type { MessageTransport } from './message-transport.js';

/** Email over SMTP; SMTP_URL carries host, port, credentials and TLS choice (smtp:// or smtps://). */
export function createSmtpTransport(options: { url: string; from: string }): MessageTransport & { close(): void } {
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.body });
    },
    close: () => transporter.close(),
  };
}
