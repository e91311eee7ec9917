/**
 * Aliyun SMS (Dysms) `SendSms`, API version 2017-05-25, RPC style with signature version 1.0
 * (the signer is `../aliyun-rpc.ts`, shared with DirectMail and Cloudauth).
 */
import { randomUUID } from 'node:crypto';
import type { SmsConfig } from '../../config';
import { aliyunSignedParams, aliyunTimestamp } from '../aliyun-rpc';
import type { FetchLike, SmsMessage, SmsProvider } from './index';

export { aliyunSignature } from '../aliyun-rpc';

type AliyunConfig = Extract<SmsConfig, { provider: 'aliyun' }>;

/** The signed query string of a SendSms call. */
function aliyunSendSmsQuery(
  config: Pick<AliyunConfig, 'accessKeyId' | 'accessKeySecret' | 'signName' | 'templateCode'>,
  message: { mobile: string; templateParam: Record<string, string> },
  at: { timestamp: string; nonce: string },
): string {
  return aliyunSignedParams({
    action: 'SendSms',
    version: '2017-05-25',
    regionId: 'cn-hangzhou',
    accessKeyId: config.accessKeyId,
    accessKeySecret: config.accessKeySecret,
    params: {
      PhoneNumbers: message.mobile,
      SignName: config.signName,
      TemplateCode: config.templateCode,
      TemplateParam: JSON.stringify(message.templateParam),
    },
    ...at,
  }).encoded;
}

export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly config: AliyunConfig,
    private readonly fetchImpl: FetchLike,
    private readonly now: () => number = Date.now,
  ) {}

  async send({ mobile, params }: SmsMessage): Promise<void> {
    const query = aliyunSendSmsQuery(
      this.config,
      { mobile, templateParam: { code: params.code } },
      { timestamp: aliyunTimestamp(this.now()), nonce: randomUUID() },
    );
    const res = await this.fetchImpl(`${this.config.endpoint.replace(/\/+$/, '')}/?${query}`, {
      method: 'GET',
      headers: { accept: 'application/json' },
    });
    const text = await res.text();
    let body: { Code?: string; Message?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // fall through: reported below
    }
    if (res.status !== 200 || body.Code !== 'OK') {
      throw new Error(
        `aliyun SendSms failed: HTTP ${res.status} ${body.Code ?? ''} ${body.Message ?? text.slice(0, 200)}`,
      );
    }
  }
}
