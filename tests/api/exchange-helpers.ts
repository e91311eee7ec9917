/**
 * Shared by the exchange-*, identity-* and consignee-* tests: members with tokens and points,
 * rewards, bound payout accounts, addresses and verified identities as rows (through the same
 * services where one exists), and calls over HTTP.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../server/context';
import { members } from '../../server/db/schema';
import { idVerifications } from '../../server/db/schema-exchange';
import { snsBindings } from '../../server/db/schema-social';
import { startSession } from '../../server/modules/auth/tokens';
import { saveConsignee } from '../../server/modules/consignee/service';
import { addReward, type RewardInputData } from '../../server/modules/exchange/admin';
import { idCheckChar } from '../../openapi/rules/identity';
import { maskIdNumber } from '../../server/modules/identity/idcard';
import { idNumberHash } from '../../server/modules/identity/service';
import { credit } from '../../server/modules/points/ledger';
import type { Harness } from './accounts-helpers';

export const ctxOf = (h: Harness) => (h.app as unknown as { ctx: AppContext }).ctx;

let mobileSeq = 0;
let idSeq = 0;

export interface TestMember {
  id: number;
  mobile: string;
  token: string;
}

/** A member with a mobile, a fresh access token (30 min on the harness clock) and `points` credited. */
export async function newMember(ctx: AppContext, points = 0): Promise<TestMember> {
  const code = randomBytes(4).toString('hex').toUpperCase();
  const mobile = `137${String(process.pid % 10000).padStart(4, '0')}${String(mobileSeq++).padStart(4, '0')}`;
  const [row] = await ctx.db
    .insert(members)
    .values({ mobile, nickname: `兑换${code}`, memberCode: code, inviteCode: `X${code}` })
    .returning({ id: members.id });
  const id = row!.id;
  if (points > 0) await grant(ctx, id, points);
  const { token } = await startSession(ctx, id);
  return { id, mobile, token };
}

export async function grant(ctx: AppContext, memberId: number, points: number): Promise<void> {
  await credit(ctx, {
    memberId,
    amount: points,
    reason: 'task',
    source: '测试入账',
    idempotencyKey: `test-grant:${memberId}:${randomUUID()}`,
  });
}

/** Log the member in again (after moving the clock past the token's life). */
export async function refreshToken(ctx: AppContext, m: TestMember): Promise<void> {
  m.token = (await startSession(ctx, m.id)).token;
}

export async function newReward(ctx: AppContext, overrides: Partial<RewardInputData> = {}) {
  return addReward(ctx, {
    type: 3,
    title: `测试商品${randomBytes(2).toString('hex')}`,
    pointsCost: 100,
    faceValue: 1000,
    stock: 10,
    ...overrides,
  });
}

export async function bindPayout(ctx: AppContext, memberId: number, platform: 1 | 4, nickname = '收款人') {
  await ctx.db.insert(snsBindings).values({ memberId, platform, openId: `open-${randomUUID()}`, nickname });
}

export async function saveAddress(ctx: AppContext, memberId: number) {
  return saveConsignee(ctx, memberId, {
    name: '张三',
    mobile: '13800138000',
    provinceId: 440000,
    cityId: 440300,
    countyId: 440305,
    address: '科技园南区 1 栋 101',
  });
}

/** A well-formed 18-digit ID number, different on every call. */
export function validIdNumber(birth = '19900307'): string {
  const seq = String(100 + (idSeq++ % 900));
  const first17 = `110105${birth}${seq}`;
  return first17 + idCheckChar(first17);
}

/** Mark a member verified directly (tests of other rules); the API path is in identity-*.test.ts. */
export async function verifyDirect(ctx: AppContext, memberId: number, realName = '张三') {
  const id = validIdNumber();
  await ctx.db.insert(idVerifications).values({
    memberId,
    realName,
    idNumberMasked: maskIdNumber(id),
    idNumberHash: idNumberHash(ctx.authSecret, id),
    state: 2,
    verifiedAt: new Date(ctx.now()),
  });
}

export const requestKey = () => randomUUID();
