/**
 * E-mail delivery of one-time codes. `EMAIL_PROVIDER` picks the channel: `outbox` (default; a log
 * line and a JSON line in `DATA_DIR/outbox.jsonl`, shared with the SMS outbox), `smtp` (any SMTP
 * server through nodemailer) or `aliyun` (DirectMail `SingleSendMail`, RPC signature v1.0).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { OutboxEmail } from '../sms/outbox';
import type { FetchLike } from '../sms/index';
import { AliyunDirectMail } from './aliyun';
import { SmtpEmail } from './smtp';

export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** Simple HTML body (the same words). */
  html: string;
  /** Kept by the outbox only (tests and the e2e suite read codes from it). */
  code: string;
  purpose: string;
}

export interface EmailProvider {
  readonly name: string;
  /** Resolves when the provider accepted the message; throws when it refused or could not be reached. */
  send(message: EmailMessage): Promise<void>;
}

export function createEmailProvider(
  config: Pick<Config, 'email' | 'dataDir'>,
  log: FastifyBaseLogger,
  fetchImpl: FetchLike = fetch,
): EmailProvider {
  const email = config.email;
  if (email.provider === 'smtp') return new SmtpEmail(email);
  if (email.provider === 'aliyun') return new AliyunDirectMail(email, fetchImpl);
  return new OutboxEmail(config.dataDir, log);
}

export { codeEmail } from './message';
