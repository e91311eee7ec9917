/**
 * Delivery of one-time codes. `SMS_PROVIDER` picks the SMS channel: `outbox` (default; a log line
 * and a JSON line in `DATA_DIR/outbox.jsonl`), `aliyun` (Dysms SendSms, RPC signature v1.0) or
 * `tencent` (SMS SendSms 2021-01-11, TC3-HMAC-SHA256). E-mail codes: `../email`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { AliyunSms } from './aliyun';
import { OutboxSms } from './outbox';
import { TencentSms } from './tencent';

/** The only template so far: a verification code (`params.code`; `params.purpose` for the outbox). */
export type SmsTemplate = 'code';

export interface SmsMessage {
  mobile: string;
  template: SmsTemplate;
  params: { code: string; purpose: string };
}

export interface SmsProvider {
  readonly name: string;
  /** Resolves when the provider accepted the message; throws when it refused. */
  send(message: SmsMessage): Promise<void>;
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; text(): Promise<string> }>;

export function createSmsProvider(
  config: Pick<Config, 'sms' | 'dataDir'>,
  log: FastifyBaseLogger,
  fetchImpl: FetchLike = fetch,
): SmsProvider {
  const sms = config.sms;
  if (sms.provider === 'aliyun') return new AliyunSms(sms, fetchImpl);
  if (sms.provider === 'tencent') return new TencentSms(sms, fetchImpl);
  return new OutboxSms(config.dataDir, log);
}
