/**
 * SMTP delivery through nodemailer: `SMTP_URL` (smtp:// or smtps://) or host/port/user/pass/secure,
 * sent from `EMAIL_FROM` ("微豆调研 <noreply@example.com>"). Timeouts are short so a member never
 * waits long on a dead server: the send fails and the member is told to try again.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailConfig } from '../../config';
import type { EmailMessage, EmailProvider } from './index';

type SmtpConfig = Extract<EmailConfig, { provider: 'smtp' }>;

export class SmtpEmail implements EmailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(private readonly config: SmtpConfig) {
    const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
    this.transport = nodemailer.createTransport(
      config.url
        ? { url: config.url, ...timeouts }
        : {
            host: config.host,
            port: config.port,
            secure: config.secure,
            ...(config.user ? { auth: { user: config.user, pass: config.pass ?? '' } } : {}),
            ...timeouts,
          },
    );
  }

  async send({ to, subject, text, html }: EmailMessage): Promise<void> {
    await this.transport.sendMail({
      from: { name: this.config.from.name, address: this.config.from.address },
      to,
      subject,
      text,
      html,
    });
  }

  close(): void {
    this.transport.close();
  }
}
