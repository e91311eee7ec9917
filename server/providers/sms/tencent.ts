/**
 * Tencent Cloud SMS `SendSms`, API version 2021-01-11, signed with TC3-HMAC-SHA256:
 *
 *   canonicalRequest = POST \n / \n \n content-type:application/json; charset=utf-8\nhost:<host>\n \n
 *                      content-type;host \n hex(sha256(payload))
 *   stringToSign     = TC3-HMAC-SHA256 \n <timestamp> \n <date>/sms/tc3_request \n hex(sha256(canonicalRequest))
 *   kDate = HMAC('TC3' + SecretKey, date); kService = HMAC(kDate, 'sms'); kSigning = HMAC(kService, 'tc3_request')
 *   Signature = hex(HMAC(kSigning, stringToSign))
 */
import { createHash, createHmac } from 'node:crypto';
import type { SmsConfig } from '../../config';
import type { FetchLike, SmsMessage, SmsProvider } from './index';

type TencentConfig = Extract<SmsConfig, { provider: 'tencent' }>;

const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  /** Unix seconds. */
  timestamp: number;
  payload: string;
}

/** The Authorization header value (and the pieces, for tests). */
export function tc3Authorization(input: Tc3Input): { authorization: string; signature: string; stringToSign: string } {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${input.host}\n`,
    signedHeaders,
    sha256hex(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256hex(canonicalRequest)].join('\n');
  const kDate = hmac(`TC3${input.secretKey}`, date);
  const kService = hmac(kDate, input.service);
  const kSigning = hmac(kService, 'tc3_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
  const authorization = `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { authorization, signature, stringToSign };
}

export class TencentSms implements SmsProvider {
  readonly name = 'tencent';
  private readonly host = 'sms.tencentcloudapi.com';
  constructor(
    private readonly config: TencentConfig,
    private readonly fetchImpl: FetchLike,
    private readonly now: () => number = Date.now,
  ) {}

  async send({ mobile, params }: SmsMessage): Promise<void> {
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${mobile}`],
      SmsSdkAppId: this.config.sdkAppId,
      SignName: this.config.signName,
      TemplateId: this.config.templateCode,
      TemplateParamSet: [params.code],
    });
    const timestamp = Math.floor(this.now() / 1000);
    const { authorization } = tc3Authorization({
      secretId: this.config.secretId,
      secretKey: this.config.secretKey,
      service: 'sms',
      host: this.host,
      timestamp,
      payload,
    });
    const res = await this.fetchImpl(`https://${this.host}/`, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': CONTENT_TYPE,
        host: this.host,
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-timestamp': String(timestamp),
        'x-tc-region': this.config.region,
      },
      body: payload,
    });
    const text = await res.text();
    type Reply = {
      Response?: { Error?: { Code: string; Message: string }; SendStatusSet?: { Code: string; Message: string }[] };
    };
    let body: Reply = {};
    try {
      body = JSON.parse(text) as Reply;
    } catch {
      // reported below
    }
    const error = body.Response?.Error;
    const status = body.Response?.SendStatusSet?.[0];
    if (res.status !== 200 || error || !status || status.Code !== 'Ok') {
      const why = error
        ? `${error.Code} ${error.Message}`
        : status
          ? `${status.Code} ${status.Message}`
          : text.slice(0, 200);
      throw new Error(`tencent SendSms failed: HTTP ${res.status} ${why}`);
    }
  }
}
