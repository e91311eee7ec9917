/**
 * 二要素 (name + resident ID number) verification. `IDENTITY_PROVIDER` picks who answers:
 * `sandbox` (default; offline, never real data: answers by documented test numbers) or `aliyun`
 * (Cloudauth `Id2MetaVerify`, RPC signature v1.0). A provider answers `match`, `mismatch` (姓名与
 * 身份证号不一致) or `not_found` (查无记录), and throws when it cannot answer (an outage, a refusal
 * of our account, a reply it cannot read): the caller charges no try for that.
 */
import type { Config } from '../../config';
import type { FetchLike } from '../sms/index';
import { AliyunId2Meta } from './aliyun';
import { SandboxIdentity } from './sandbox';

export type IdentityVerdict = 'match' | 'mismatch' | 'not_found';

export interface IdentityProvider {
  readonly name: string;
  verify(person: { realName: string; idNumber: string }): Promise<IdentityVerdict>;
}

export function createIdentityProvider(
  config: Pick<Config, 'identity'>,
  fetchImpl: FetchLike = fetch,
): IdentityProvider {
  if (config.identity.provider === 'aliyun') return new AliyunId2Meta(config.identity, fetchImpl);
  return new SandboxIdentity();
}
