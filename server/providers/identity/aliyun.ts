/**
 * Aliyun ID Verification (实人认证 / Cloudauth) 身份二要素核验 `Id2MetaVerify`, API version
 * 2019-03-07, RPC style signed with signature version 1.0 (`../aliyun-rpc.ts`, the signer of Dysms
 * and DirectMail), sent as a form POST to https://cloudauth.aliyuncs.com/.
 *
 * Request: `ParamType=normal` (plain values; the authority source takes no MD5 form for this check),
 * `IdentifyNum` (the 18-character number), `UserName` (the name).
 * Answer: `{ RequestId, Code, Message, ResultObject: { BizCode } }`; `Code` "200" is success and
 * `BizCode` 1 一致 (billed), 2 不一致 (billed), 3 查无记录 (not billed). Any other `Code` (400 missing
 * parameter, 401 illegal parameter, 402 authority source down, 403 repeated calls, 410 not
 * activated, 411 RAM, 412 in arrears, 500 system error) or HTTP status is a failure to answer.
 * Source: Aliyun help centre, "身份二要素核验" (id2MetaVerify) and the cloudauth 2019-03-07 API.
 */
import { randomUUID } from 'node:crypto';
import type { IdentityConfig } from '../../config';
import { aliyunSignedParams, aliyunTimestamp, postAliyunRpc } from '../aliyun-rpc';
import type { FetchLike } from '../sms/index';
import type { IdentityProvider, IdentityVerdict } from './index';

type AliyunIdentityConfig = Extract<IdentityConfig, { provider: 'aliyun' }>;

/** The signed form body of an Id2MetaVerify call. */
export function id2MetaVerifyBody(
  config: Pick<AliyunIdentityConfig, 'accessKeyId' | 'accessKeySecret'>,
  person: { realName: string; idNumber: string },
  at: { timestamp: string; nonce: string },
): { params: Record<string, string>; body: string } {
  const { params, encoded } = aliyunSignedParams({
    action: 'Id2MetaVerify',
    version: '2019-03-07',
    method: 'POST',
    accessKeyId: config.accessKeyId,
    accessKeySecret: config.accessKeySecret,
    params: { ParamType: 'normal', IdentifyNum: person.idNumber, UserName: person.realName },
    ...at,
  });
  return { params, body: encoded };
}

const VERDICTS: Record<string, IdentityVerdict> = { '1': 'match', '2': 'mismatch', '3': 'not_found' };

export class AliyunId2Meta implements IdentityProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly config: AliyunIdentityConfig,
    private readonly fetchImpl: FetchLike,
    private readonly now: () => number = Date.now,
    private readonly nonce: () => string = randomUUID,
  ) {}

  async verify(person: { realName: string; idNumber: string }): Promise<IdentityVerdict> {
    const { body } = id2MetaVerifyBody(this.config, person, {
      timestamp: aliyunTimestamp(this.now()),
      nonce: this.nonce(),
    });
    const { status, text, reply } = await postAliyunRpc<{
      Code?: string | number;
      Message?: string;
      ResultObject?: { BizCode?: string | number };
    }>(this.fetchImpl, this.config.endpoint, body);
    const verdict = VERDICTS[String(reply.ResultObject?.BizCode ?? '')];
    if (status !== 200 || String(reply.Code) !== '200' || !verdict) {
      // Never the name or number: only Aliyun's code and message.
      throw new Error(
        `aliyun Id2MetaVerify failed: HTTP ${status} ${reply.Code ?? ''} ${reply.Message ?? text.slice(0, 120)}`,
      );
    }
    return verdict;
  }
}
