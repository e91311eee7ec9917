/**
 * The local delivery: nothing leaves the machine. Each message is a log line and a JSON line in
 * `DATA_DIR/outbox.jsonl` ({ channel, to, code, purpose, text, at }); tests and the e2e suite
 * read codes from there.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailMessage, EmailProvider } from '../email/index';
import type { SmsMessage, SmsProvider } from './index';

export interface OutboxLine {
  channel: 'sms' | 'email';
  to: string;
  code: string;
  purpose: string;
  text: string;
  /** ISO 8601 */
  at: string;
}

/** The text of a code message as the outbox records it. */
function codeText(code: string): string {
  return `【微豆调研】您的验证码是${code}，5分钟内有效，请勿泄露给他人。`;
}

export function outboxFile(dataDir: string): string {
  return path.join(dataDir, 'outbox.jsonl');
}

async function append(dataDir: string, line: OutboxLine): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await appendFile(outboxFile(dataDir), `${JSON.stringify(line)}\n`, 'utf8');
}

export class OutboxSms implements SmsProvider {
  readonly name = 'outbox';
  constructor(
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send({ mobile, params }: SmsMessage): Promise<void> {
    const line: OutboxLine = {
      channel: 'sms',
      to: mobile,
      code: params.code,
      purpose: params.purpose,
      text: codeText(params.code),
      at: new Date().toISOString(),
    };
    await append(this.dataDir, line);
    this.log.info({ outbox: line }, 'outbox sms');
  }
}

export class OutboxEmail implements EmailProvider {
  readonly name = 'outbox';
  constructor(
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send({ to, text, code, purpose }: EmailMessage): Promise<void> {
    const line: OutboxLine = { channel: 'email', to, code, purpose, text, at: new Date().toISOString() };
    await append(this.dataDir, line);
    this.log.info({ outbox: line }, 'outbox email');
  }
}
