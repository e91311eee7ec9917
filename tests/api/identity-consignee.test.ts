/**
 * Real-name verification and the delivery address over HTTP, as the exchange page uses them:
 * SMS check → ticket → `/v2/users/id-verfiy`; format and checksum validated, stored masked, one
 * ID number per account, not editable once verified; addresses only with a real region chain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { freshMobile, harness, type Harness, type LoginData } from './accounts-helpers';
import { validIdNumber } from './exchange-helpers';

let h: Harness;
beforeAll(async () => {
  h = await harness('identity-consignee');
});
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

const submit = (m: Member, body: Record<string, unknown>) =>
  h.call('POST', '/api/v2/users/id-verfiy', { token: m.token, body });

describe('real-name verification', () => {
  it('verifies a valid name + ID once, shows it masked, and locks it', async () => {
    const m = await newMember();
    const id = validIdNumber('19880512');
    const ok = await submit(m, { realName: '王小明', idNumber: id, verifyTicket: await ticket(m) });
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ state: 2, realName: '王**' });
    const shown = (ok.data as { idNumber: string }).idNumber;
    expect(shown).not.toContain(id.slice(6, 14));
    expect(shown.slice(0, 1)).toBe(id.slice(0, 1));
    expect((await h.call('GET', '/api/v1/users/id-verify', { token: m.token })).data).toEqual(ok.data);

    const again = await submit(m, { realName: '王大明', idNumber: validIdNumber(), verifyTicket: await ticket(m) });
    expect(again.code).toBe(Code.ID_VERIFIED_LOCKED);
    expect((await h.call('GET', '/api/v1/users/id-verify', { token: m.token })).data).toEqual(ok.data);
  });

  it('refuses a bad checksum or impossible birth date with a zh-CN reason and keeps the ticket', async () => {
    const m = await newMember();
    const t = await ticket(m);
    const good = validIdNumber('19950101');
    const badCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    const r1 = await submit(m, { realName: '赵敏', idNumber: badCheck, verifyTicket: t });
    expect(r1.code).toBe(Code.ID_NUMBER_INVALID);
    expect(r1.msg).toMatch(/身份证/);
    const r2 = await submit(m, { realName: '赵敏', idNumber: '110105199502300018', verifyTicket: t });
    expect(r2.code).toBe(Code.ID_NUMBER_INVALID);
    const r3 = await submit(m, { realName: '赵敏', idNumber: '12345', verifyTicket: t });
    expect(r3.status).toBe(400);
    expect(r3.msg).toContain('请输入 18 位身份证号');
    // The same ticket still works for a correct submission: typos do not cost a new SMS.
    expect((await submit(m, { realName: '赵敏', idNumber: good, verifyTicket: t })).code).toBe(200);
  });

  it('one ID number verifies one account; a wrong or reused ticket is refused', async () => {
    const a = await newMember();
    const b = await newMember();
    const id = validIdNumber('19791231');
    expect((await submit(a, { realName: '周杰', idNumber: id, verifyTicket: await ticket(a) })).code).toBe(200);
    const taken = await submit(b, { realName: '周杰', idNumber: id, verifyTicket: await ticket(b) });
    expect(taken.code).toBe(Code.ID_NUMBER_TAKEN);
    const forged = await submit(b, { realName: '周杰', idNumber: validIdNumber(), verifyTicket: 'not-a-ticket' });
    expect(forged.code).toBe(Code.PREREQUISITE_REQUIRED);
    // a's ticket is a's: b cannot use it
    const aTicket = await ticket(a);
    const stolen = await submit(b, { realName: '周杰', idNumber: validIdNumber(), verifyTicket: aTicket });
    expect(stolen.code).toBe(Code.PREREQUISITE_REQUIRED);
  });
});

describe('delivery address', () => {
  const address = {
    name: '陈静',
    mobile: '13912345678',
    provinceId: 440000,
    cityId: 440300,
    countyId: 440305,
    address: '粤海街道 科技园 1 号',
  };

  it('saves with a real region chain, answers the region names, replaces on save', async () => {
    const m = await newMember();
    expect((await h.call('GET', '/api/v1/users/consignee', { token: m.token })).data).toBeNull();
    const saved = await h.call('POST', '/api/v1/users/consignee', { token: m.token, body: address });
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ name: '陈静', regionName: '广东省 深圳市 南山区' });
    const moved = await h.call('POST', '/api/v1/users/consignee', {
      token: m.token,
      body: { ...address, provinceId: 110000, cityId: 110100, countyId: 110105, address: '朝阳路 8 号' },
    });
    expect(moved.data).toMatchObject({ regionName: '北京市 朝阳区', address: '朝阳路 8 号' });
  });

  it('refuses a county outside its city, and bad fields with zh-CN reasons', async () => {
    const m = await newMember();
    const wrong = await h.call('POST', '/api/v1/users/consignee', {
      token: m.token,
      body: { ...address, countyId: 110105 },
    });
    expect(wrong.code).toBe(Code.REGION_INVALID);
    const bad = await h.call('POST', '/api/v1/users/consignee', {
      token: m.token,
      body: { ...address, mobile: '123' },
    });
    expect(bad.status).toBe(400);
    expect((await h.call('GET', '/api/v1/users/consignee', { token: m.token })).data).toBeNull();
  });

  it('the region picker lists provinces, then the children of one', async () => {
    const provinces = await h.call('GET', '/api/v1/jd/cities');
    const list = provinces.data as { id: number; name: string }[];
    expect(list.find((p) => p.id === 440000)?.name).toBe('广东省');
    const cities = (await h.call('GET', '/api/v1/jd/cities?parentId=440000')).data as { id: number; name: string }[];
    expect(cities.map((c) => c.name)).toContain('深圳市');
  });
});
