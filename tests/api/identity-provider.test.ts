/**
 * Real-name 二要素 verification through the provider (server/providers/identity): the sandbox's
 * test numbers (sequence code 998 mismatch, 999 not found, 997 down), the daily tries (3 per Beijing
 * day, stored in id_verify_attempts), the checksum gate that costs nothing, an outage that costs
 * nothing, one member's tries apart from another's; and the Aliyun Id2MetaVerify request against a
 * fixed vector.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { idCheckChar } from '../../openapi/rules/identity';
import { loadConfig, ConfigError } from '../../server/config';
import { aliyunSignature } from '../../server/providers/aliyun-rpc';
import { AliyunId2Meta, id2MetaVerifyBody } from '../../server/providers/identity/aliyun';
import type { IdentityProvider } from '../../server/providers/identity/index';
import type { FetchLike } from '../../server/providers/sms/index';
import { freshMobile, harness, type Harness, type LoginData } from './accounts-helpers';

let h: Harness;
beforeAll(async () => {
  h = await harness('identity-provider');
});
/** Tests that swap the provider put the default (sandbox) back, even when they fail. */
afterEach(async () => {
  if (swapped) {
    swapped = false;
    await h.env.closeAll();
    h.app = await h.env.build({}, { now: h.clock.now });
  }
});
let swapped = false;
async function useProvider(identity: IdentityProvider) {
  swapped = true;
  await h.env.closeAll();
  h.app = await h.env.build({}, { now: h.clock.now, identity });
}
afterAll(() => h.env.cleanup());

type Member = LoginData & { mobile: string };

async function newMember(): Promise<Member> {
  const mobile = freshMobile();
  return { ...(await h.register(mobile)), mobile };
}

async function ticket(member: Member): Promise<string> {
  const sent = await h.call('POST', '/api/v1/sms/send', { token: member.token, body: { scene: 'id_verify' } });
  expect(sent.code).toBe(200);
  const checked = await h.call('POST', '/api/v1/sms/check', {
    token: member.token,
    body: { scene: 'id_verify', code: h.enc(h.lastCode(member.mobile, 'id_verify')) },
  });
  expect(checked.code).toBe(200);
  h.clock.advance(61_000);
  return (checked.data as { verifyTicket: string }).verifyTicket;
}

let seq = 100;
/** A checksum-valid number; `sequence` picks a sandbox answer (998, 999, 997), else a fresh one. */
function idNumber(sequence?: string, birth = '19900307'): string {
  const first17 = `110105${birth}${sequence ?? String(seq++)}`;
  return first17 + idCheckChar(first17);
}

const submit = (m: Member, body: Record<string, unknown>) =>
  h.call('POST', '/api/v2/users/id-verfiy', { token: m.token, body });
const state = async (m: Member) =>
  (await h.call('GET', '/api/v1/users/id-verify', { token: m.token })).data as { state: number };

describe('二要素 verification with the sandbox', () => {
  it('a match verifies at once and spends the ticket', async () => {
    const m = await newMember();
    const t = await ticket(m);
    const ok = await submit(m, { realName: '李雷', idNumber: idNumber(), verifyTicket: t });
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ state: 2, realName: '李*' });
    const reused = await submit(m, { realName: '李雷', idNumber: idNumber(), verifyTicket: t });
    expect(reused.code).toBe(Code.ID_VERIFIED_LOCKED);
  });

  it('a mismatch uses a try and says how many are left; the ticket stays for the next try', async () => {
    const m = await newMember();
    const t = await ticket(m);
    const r = await submit(m, { realName: '韩梅梅', idNumber: idNumber('998'), verifyTicket: t });
    expect(r.code).toBe(Code.ID_MISMATCH);
    expect(r.msg).toBe('姓名与身份证号不一致，请核对后再试；今天还可尝试 2 次');
    expect(r.data).toEqual({ triesLeft: 2 });
    expect((await state(m)).state).toBe(0);
    // corrected: the same ticket verifies
    expect((await submit(m, { realName: '韩梅梅', idNumber: idNumber(), verifyTicket: t })).code).toBe(200);
  });

  it('not found uses a try too', async () => {
    const m = await newMember();
    const r = await submit(m, { realName: '张伟', idNumber: idNumber('999'), verifyTicket: await ticket(m) });
    expect(r.code).toBe(Code.ID_NOT_FOUND);
    expect(r.msg).toBe('未查到该身份证号的登记信息，请核对后再试；今天还可尝试 2 次');
    expect(r.data).toEqual({ triesLeft: 2 });
  });

  it('three failed tries end the Beijing day; the provider is not asked again until the next day', async () => {
    const calls: string[] = [];
    const m = await newMember();
    const t = await ticket(m);
    const r1 = await submit(m, { realName: '王芳', idNumber: idNumber('998'), verifyTicket: t });
    const r2 = await submit(m, { realName: '王芳', idNumber: idNumber('999'), verifyTicket: t });
    const r3 = await submit(m, { realName: '王芳', idNumber: idNumber('998'), verifyTicket: t });
    expect([r1.data, r2.data, r3.data]).toEqual([{ triesLeft: 2 }, { triesLeft: 1 }, { triesLeft: 0 }]);
    expect(r3.msg).toBe('姓名与身份证号不一致，请核对后再试；今天的次数已用完，明天再试');
    // a fourth, even a right one, is refused without asking the provider
    const counting: IdentityProvider = {
      name: 'counting',
      async verify({ idNumber: id }) {
        calls.push(id);
        return 'match';
      },
    };
    await useProvider(counting);
    const r4 = await submit(m, { realName: '王芳', idNumber: idNumber(), verifyTicket: t });
    expect(r4.code).toBe(Code.ID_TRIES_EXHAUSTED);
    expect(r4.msg).toBe('今天的实名认证次数已用完，明天再试');
    expect(r4.data).toEqual({ triesLeft: 0 });
    expect(calls).toEqual([]);
    // a checksum failure is still told as such (the first gate comes before the tries)
    const good = idNumber();
    const badCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expect((await submit(m, { realName: '王芳', idNumber: badCheck, verifyTicket: t })).code).toBe(
      Code.ID_NUMBER_INVALID,
    );
    // the next Beijing day: tries again (the ticket and the access token have expired: new ones)
    const midnight = Date.UTC(2030, 0, 1, 16, 0, 0); // 2030-01-02 00:00 Beijing
    h.clock.set(Math.max(h.clock.now(), midnight) + 1000);
    const again: Member = { ...(await h.smsLogin(m.mobile)), mobile: m.mobile };
    const next = await submit(again, { realName: '王芳', idNumber: idNumber(), verifyTicket: await ticket(again) });
    expect(next.code).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('a bad checksum costs no try and asks nobody', async () => {
    const m = await newMember();
    const t = await ticket(m);
    const good = idNumber();
    const badCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    for (let i = 0; i < 5; i++) {
      const r = await submit(m, { realName: '赵敏', idNumber: badCheck, verifyTicket: t });
      expect(r.code).toBe(Code.ID_NUMBER_INVALID);
      expect(r.msg).toBe('身份证号校验位不正确，请核对是否输错');
    }
    const r = await submit(m, { realName: '赵敏', idNumber: idNumber('998'), verifyTicket: t });
    expect(r.data).toEqual({ triesLeft: 2 });
  });

  it('a provider outage is a zh-CN error that costs no try (sandbox 997, and a provider that throws)', async () => {
    const m = await newMember();
    const t = await ticket(m);
    for (let i = 0; i < 4; i++) {
      const r = await submit(m, { realName: '周芷若', idNumber: idNumber('997'), verifyTicket: t });
      expect(r.code).toBe(Code.ID_CHECK_UNAVAILABLE);
      expect(r.msg).toBe('实名认证服务暂时不可用，请稍后再试（本次不计入尝试次数）');
    }
    const down: IdentityProvider = {
      name: 'down',
      async verify() {
        throw new Error('connect ETIMEDOUT cloudauth.aliyuncs.com');
      },
    };
    await useProvider(down);
    const r = await submit(m, { realName: '周芷若', idNumber: idNumber(), verifyTicket: t });
    expect(r.code).toBe(Code.ID_CHECK_UNAVAILABLE);
    const logged = h.env.logs.filter((l) => l.msg === 'identity check failed');
    expect(logged.at(-1)).toMatchObject({ provider: 'down' });
    expect(JSON.stringify(logged)).not.toContain('周芷若');
    swapped = false;
    await h.env.closeAll();
    h.app = await h.env.build({}, { now: h.clock.now });
    // all tries still there
    expect((await submit(m, { realName: '周芷若', idNumber: idNumber('999'), verifyTicket: t })).data).toEqual({
      triesLeft: 2,
    });
    expect((await submit(m, { realName: '周芷若', idNumber: idNumber(), verifyTicket: t })).code).toBe(200);
  });

  it('one member’s tries are their own: another cannot read or use them up', async () => {
    const a = await newMember();
    const b = await newMember();
    const ta = await ticket(a);
    const tb = await ticket(b);
    for (let i = 0; i < 3; i++) await submit(b, { realName: '坏人', idNumber: idNumber('998'), verifyTicket: tb });
    expect((await submit(b, { realName: '坏人', idNumber: idNumber(), verifyTicket: tb })).code).toBe(
      Code.ID_TRIES_EXHAUSTED,
    );
    // b cannot use a's ticket (it is a's), so nothing b does reaches a's tries
    expect((await submit(b, { realName: '坏人', idNumber: idNumber('998'), verifyTicket: ta })).code).toBe(
      Code.PREREQUISITE_REQUIRED,
    );
    const first = await submit(a, { realName: '好人', idNumber: idNumber('998'), verifyTicket: ta });
    expect(first.data).toEqual({ triesLeft: 2 });
    expect(await state(b)).toMatchObject({ state: 0, realName: null, idNumber: null });
    expect((await submit(a, { realName: '好人', idNumber: idNumber(), verifyTicket: ta })).code).toBe(200);
    expect(await state(b)).toMatchObject({ state: 0, realName: null });
  });
});

describe('Aliyun Id2MetaVerify', () => {
  const config = {
    provider: 'aliyun' as const,
    accessKeyId: 'testId',
    accessKeySecret: 'testSecret',
    endpoint: 'https://cloudauth.aliyuncs.com',
  };
  const at = { timestamp: '2030-01-01T02:00:00Z', nonce: '0f1e2d3c-0000-4000-8000-000000000001' };
  const person = { realName: '张三', idNumber: '11010519900307100X' };

  it('signs a POST form over the documented parameters (fixed nonce and timestamp)', () => {
    const { params, body } = id2MetaVerifyBody(config, person, at);
    expect(params).toEqual({
      AccessKeyId: 'testId',
      Action: 'Id2MetaVerify',
      Format: 'JSON',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: at.nonce,
      SignatureVersion: '1.0',
      Timestamp: at.timestamp,
      Version: '2019-03-07',
      ParamType: 'normal',
      IdentifyNum: '11010519900307100X',
      UserName: '张三',
    });
    const { Signature, ...rest } = Object.fromEntries(new URLSearchParams(body));
    expect(rest).toEqual(params);
    // computed independently (Python hmac/hashlib/urllib) from the same params
    expect(Signature).toBe('Mq1z3/R5d6GbWQAM0HdS6xkiDbA=');
    expect(Signature).toBe(aliyunSignature(params, 'testSecret', 'POST'));
  });

  it('reads BizCode 1/2/3; any other answer is a failure to answer', async () => {
    const reply =
      (status: number, text: string): FetchLike =>
      async () => ({ status, text: async () => text });
    const check = (f: FetchLike) =>
      new AliyunId2Meta(
        config,
        f,
        () => Date.UTC(2030, 0, 1, 2),
        () => at.nonce,
      ).verify(person);
    const ok = (biz: string | number) =>
      reply(200, JSON.stringify({ RequestId: 'r', Code: '200', Message: 'success', ResultObject: { BizCode: biz } }));
    expect(await check(ok('1'))).toBe('match');
    expect(await check(ok(2))).toBe('mismatch');
    expect(await check(ok('3'))).toBe('not_found');
    await expect(check(reply(200, '{"RequestId":"r","Code":"402","Message":"权威源服务异常"}'))).rejects.toThrow(/402/);
    await expect(check(reply(403, '{"Code":"Forbidden.AccountAccessDenied"}'))).rejects.toThrow(/HTTP 403/);
    await expect(check(reply(200, 'not json'))).rejects.toThrow(/Id2MetaVerify failed/);
    const failed = await check(reply(500, '{"Code":"500"}')).catch((e: Error) => e.message);
    expect(failed).not.toContain('张三');
    expect(failed).not.toContain('11010519900307100X');
  });

  it('configuration: sandbox by default; aliyun needs its keys', () => {
    expect(loadConfig({}).identity).toEqual({ provider: 'sandbox' });
    expect(
      loadConfig({
        IDENTITY_PROVIDER: 'aliyun',
        ALIYUN_IDENTITY_ACCESS_KEY_ID: 'i',
        ALIYUN_IDENTITY_ACCESS_KEY_SECRET: 's',
      }).identity,
    ).toEqual({
      provider: 'aliyun',
      accessKeyId: 'i',
      accessKeySecret: 's',
      endpoint: 'https://cloudauth.aliyuncs.com',
    });
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'aliyun' })).toThrow(ConfigError);
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'aliyun' })).toThrow(
      /ALIYUN_IDENTITY_ACCESS_KEY_ID: IDENTITY_PROVIDER=aliyun 时必须设置/,
    );
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'police' })).toThrow(/IDENTITY_PROVIDER 只能是 sandbox 或 aliyun/);
  });
});
