/**
 * Aliyun SMS (Dysms) `SendSms`, API version 2017-05-25, RPC style with signature version 1.0:
 *
 *   canonicalized = sorted params, each `percentEncode(k)=percentEncode(v)`, joined by `&`
 *   stringToSign  = `GET&%2F&` + percentEncode(canonicalized)
 *   Signature     = base64(HMAC-SHA1(AccessKeySecret + '&', stringToSign))
 *
 * percentEncode is RFC 3986 over UTF-8 (`encodeURIComponent` plus `!'()*`; space → %20, `~` kept).
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { SmsConfig } from '../../config';
import type { FetchLike, SmsMessage, SmsProvider } from './index';

type AliyunConfig = Extract<SmsConfig, { provider: 'aliyun' }>;

function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signature of a parameter set (without `Signature`). */
export function aliyunSignature(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  const canonicalized = Object.keys(params)
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonicalized)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** `2017-07-12T02:42:19Z` (UTC, no milliseconds). */
function aliyunTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The signed query string of a SendSms call. */
function aliyunSendSmsQuery(
  config: Pick<AliyunConfig, 'accessKeyId' | 'accessKeySecret' | 'signName' | 'templateCode'>,
  message: { mobile: string; templateParam: Record<string, string> },
  at: { timestamp: string; nonce: string },
): string {
  const params: Record<string, string> = {
    AccessKeyId: config.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: message.mobile,
    RegionId: 'cn-hangzhou',
    SignName: config.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: at.nonce,
    SignatureVersion: '1.0',
    TemplateCode: config.templateCode,
    TemplateParam: JSON.stringify(message.templateParam),
    Timestamp: at.timestamp,
    Version: '2017-05-25',
  };
  const signature = aliyunSignature(params, config.accessKeySecret);
  return [
    `Signature=${aliyunPercentEncode(signature)}`,
    ...Object.keys(params)
      .sort()
      .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k] ?? '')}`),
  ].join('&');
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
