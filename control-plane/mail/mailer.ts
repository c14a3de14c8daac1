import nodemailer, { type Transporter } from 'nodemailer';
import { createLogger } from '../../shared/log.js';

const log = createLogger('mail');

/** Sends plain-text mail. */
export interface Mailer {
  send(to: string, subject: string, text: string): Promise<void>;
  /** Releases connections. */
  close(): void;
}

/** Mail over SMTP (`SMTP_URL`, e.g. `smtp://user:pass@host:587`), through nodemailer. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(smtpUrl: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(to: string, subject: string, text: string): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, subject, text });
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * Mail without SMTP (all-in-one's default; split deployments choose it with MAIL_TO_LOG=1): mail
 * is written to the log so an operator trying the service can read the verification code there.
 * Not for production (codes end up in logs).
 */
export class LogMailer implements Mailer {
  async send(to: string, subject: string, text: string): Promise<void> {
    log.info('mail (no SMTP_URL configured, logged instead of sent)', { to, subject, text });
  }

  close(): void {}
}

/** SMTP when `smtpUrl` is set, otherwise the log, which it says at start (codes sent by mail end up in the log). */
export function createMailer(config: { smtpUrl?: string; mailFrom: string }): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  log.warn('no SMTP_URL: mail, e-mail verification codes included, is written to the log instead of sent');
  return new LogMailer();
}
