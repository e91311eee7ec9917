/**
 * Aliyun DirectMail (邮件推送) `SingleSendMail`, API version 2015-11-23, RPC style signed with
 * signature version 1.0 (`../aliyun-rpc.ts`, the same signer as Dysms). Sent as a form POST (the
 * HTML body is too long for a query string). `AccountName` is the sender address configured in the
 * DirectMail console (the address of `EMAIL_FROM`), `FromAlias` its display name (under 15
 * characters). A success answers `{ EnvId, RequestId }`; a refusal `{ Code, Message, RequestId }`
 * with an HTTP 4xx/5xx status.
 */
import { randomUUID } from 'node:crypto';
import type { EmailConfig } from '../../config';
import { aliyunSignedParams, aliyunTimestamp, postAliyunRpc } from '../aliyun-rpc';
import type { FetchLike } from '../sms/index';
import type { EmailMessage, EmailProvider } from './index';

type AliyunDmConfig = Extract<EmailConfig, { provider: 'aliyun' }>;

/** The signed form body of a SingleSendMail call. */
export function singleSendMailBody(
  config: Pick<AliyunDmConfig, 'accessKeyId' | 'accessKeySecret' | 'from' | 'regionId'>,
  message: Pick<EmailMessage, 'to' | 'subject' | 'text' | 'html'>,
  at: { timestamp: string; nonce: string },
): { params: Record<string, string>; body: string } {
  const { params, encoded } = aliyunSignedParams({
    action: 'SingleSendMail',
    version: '2015-11-23',
    regionId: config.regionId,
    method: 'POST',
    accessKeyId: config.accessKeyId,
    accessKeySecret: config.accessKeySecret,
    params: {
      AccountName: config.from.address,
      AddressType: '1',
      ReplyToAddress: 'false',
      ToAddress: message.to,
      ...(config.from.name ? { FromAlias: config.from.name } : {}),
      Subject: message.subject,
      TextBody: message.text,
      HtmlBody: message.html,
    },
    ...at,
  });
  return { params, body: encoded };
}

export class AliyunDirectMail implements EmailProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly config: AliyunDmConfig,
    private readonly fetchImpl: FetchLike,
    private readonly now: () => number = Date.now,
    private readonly nonce: () => string = randomUUID,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const { body } = singleSendMailBody(this.config, message, {
      timestamp: aliyunTimestamp(this.now()),
      nonce: this.nonce(),
    });
    const { status, text, reply } = await postAliyunRpc<{ EnvId?: string; Code?: string; Message?: string }>(
      this.fetchImpl,
      this.config.endpoint,
      body,
    );
    if (status !== 200 || !reply.EnvId) {
      throw new Error(
        `aliyun SingleSendMail failed: HTTP ${status} ${reply.Code ?? ''} ${reply.Message ?? text.slice(0, 200)}`,
      );
    }
  }
}
