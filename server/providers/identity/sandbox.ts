/**
 * The offline 二要素 check (`IDENTITY_PROVIDER=sandbox`, the default). It calls nobody and knows no
 * real person: any number that passes the GB 11643 checks matches any name, except the test numbers
 * picked by their 3-digit sequence code (digits 15–17, just before the check character):
 *
 *   998 → mismatch (姓名与身份证号不一致)   999 → not_found (查无记录)   997 → the service is down
 *
 * e.g. 110105199003079986 (mismatch), 110105199003079994 (not found), 110105199003079978 (down);
 * 110105199003071239 matches.
 */
import type { IdentityProvider, IdentityVerdict } from './index';

export const SANDBOX_SEQUENCES = { mismatch: '998', notFound: '999', down: '997' } as const;

export class SandboxIdentity implements IdentityProvider {
  readonly name = 'sandbox';

  async verify({ idNumber }: { realName: string; idNumber: string }): Promise<IdentityVerdict> {
    const sequence = idNumber.slice(14, 17);
    if (sequence === SANDBOX_SEQUENCES.down) throw new Error('sandbox: the test number for an outage');
    if (sequence === SANDBOX_SEQUENCES.notFound) return 'not_found';
    if (sequence === SANDBOX_SEQUENCES.mismatch) return 'mismatch';
    return 'match';
  }
}
