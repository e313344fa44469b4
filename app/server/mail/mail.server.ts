/**
 * E-mail through the SMTP server of SMTP_URL, with nodemailer (docs/decisions/030-new-order-emails.md).
 * One transport per process, made on first use. Without SMTP_URL nothing is sent. Timeouts are
 * short: an SMTP server that hangs costs a background task at most 20 s, never a request.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/config/env.server";

/** One message: plain text, with an HTML twin when given. Addresses as "Name <a@b>" or "a@b". */
export type MailMessage = { from: string; to: string; subject: string; text: string; html?: string };

let transport: Transporter | null = null;

/** True when SMTP_URL is set. */
export function mailConfigured(): boolean {
  return getEnv().SMTP_URL !== undefined;
}

/**
 * Sends `message` through SMTP_URL's server.
 * @throws nodemailer's error when the server refuses the message or cannot be reached in time.
 * @throws {Error} when SMTP_URL is not set (check `mailConfigured` first).
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const url = getEnv().SMTP_URL;
  if (!url) throw new Error("SMTP_URL is not set");
  transport ??= nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  await transport.sendMail(message);
}
