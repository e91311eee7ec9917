/**
 * Campus referral-officer recruitment over HTTP (`/v1/recruit/application`) and its review
 * through `npm run ops -- recruit …`: the form checked in zh-CN (the mobile decrypted first), one
 * application per member, a resend with the same request key answered with the same application,
 * only one's own application visible, and an approved officer's invites counted from approval.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import type { AppContext } from '../../server/context';
import { freshMobile, harness, type Harness, type LoginData } from './accounts-helpers';
import { runOpsIn } from './ops-helpers';

let h: Harness;
let ctx: AppContext;
beforeAll(async () => {
  h = await harness('recruit');
  ctx = (h.app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => h.env.cleanup());

const MOTIVATION = '我在学生会负责宣传工作，认识很多同学，也喜欢参与问卷调研，想把微豆调研介绍给身边的人。';

const form = (over: Record<string, unknown> = {}) => ({
  school: '华东师范大学',
  grade: '大二',
  mobile: h.enc('13812345678'),
  motivation: MOTIVATION,
  requestKey: randomUUID(),
  ...over,
});

const newMember = async (extra: Record<string, unknown> = {}): Promise<LoginData> => h.register(freshMobile(), extra);
const apply = (m: LoginData, body: Record<string, unknown>) =>
  h.call('POST', '/api/v1/recruit/application', { token: m.token, body });
const status = (m: LoginData) => h.call('GET', '/api/v1/recruit/application', { token: m.token });

interface Status {
  application: { id: number; state: string; mobile: string; reviewMessage: string | null } | null;
  officer: { since: number; invitedCount: number; activeCount: number } | null;
}

describe('applying', () => {
  it('has no application until one is sent; then shows it with the mobile masked', async () => {
    const m = await newMember();
    expect(await status(m)).toMatchObject({ code: 200, data: { application: null, officer: null } });
    const sent = await apply(m, form());
    expect(sent.code).toBe(200);
    expect(sent.data).toMatchObject({
      application: { school: '华东师范大学', grade: '大二', mobile: '138****5678', state: 'pending', reviewedAt: null },
      officer: null,
    });
    expect((await status(m)).data).toEqual(sent.data);
  });

  it.each([
    [{ school: '华' }, 'school', '学校名称应为 2–40 个字'],
    [{ school: '   ' }, 'school', '请填写学校名称'],
    [{ mobile: 'not-encrypted' }, 'mobile', '请填写联系手机号'],
    [{ motivation: '我想试试看' }, 'motivation', '请至少写 20 个字，说说你为什么想成为推广官（已写 5 个字）'],
  ])('refuses %j with a zh-CN reason per field and stores nothing', async (over, field, reason) => {
    const m = await newMember();
    const r = await apply(m, form(over));
    expect(r.code).toBe(Code.RECRUIT_FORM_INVALID);
    expect(r.msg).toBe(reason);
    expect(r.data).toEqual({ problems: { [field]: reason } });
    expect((await status(m)).data).toMatchObject({ application: null });
  });

  it('refuses a mobile no carrier issues after decrypting it', async () => {
    const m = await newMember();
    const r = await apply(m, form({ mobile: h.enc('12012345678') }));
    expect(r).toMatchObject({
      code: Code.RECRUIT_FORM_INVALID,
      data: { problems: { mobile: '手机号格式不正确，应以 13–19 开头' } },
    });
  });

  it('refuses a grade that is not offered (contract) with HTTP 400', async () => {
    const m = await newMember();
    const r = await apply(m, form({ grade: '高三' }));
    expect(r.status).toBe(400);
  });

  it('is one per member: a resend with the same key answers the same application, another key is refused', async () => {
    const m = await newMember();
    const body = form();
    const first = await apply(m, body);
    const resend = await apply(m, body);
    expect(resend).toMatchObject({ code: 200, data: first.data });
    const again = await apply(m, form({ school: '复旦大学' }));
    expect(again.code).toBe(Code.RECRUIT_ALREADY_APPLIED);
    expect(again.msg).toBe('你已经提交过推广官申请，每位会员只能申请一次');
    expect((await status(m)).data).toEqual(first.data);
  });

  it('answers concurrent sends of one key with one application', async () => {
    const m = await newMember();
    const body = form();
    const answers = await Promise.all([apply(m, body), apply(m, body), apply(m, body)]);
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => (a.data as Status).application!.id));
    expect(ids.size).toBe(1);
  });

  it('shows each member only their own application; a visitor is asked to log in', async () => {
    const a = await newMember();
    const b = await newMember();
    await apply(a, form());
    expect((await status(b)).data).toEqual({ application: null, officer: null });
    expect((await apply(b, form({ school: '浙江大学' }))).code).toBe(200);
    expect(((await status(a)).data as { application: { school: string } }).application.school).toBe('华东师范大学');
    expect((await h.call('GET', '/api/v1/recruit/application')).status).toBe(401);
  });
});

describe('review through npm run ops', () => {
  const ops = (argv: string[]) => runOpsIn(ctx, argv, { user: '运营小王' });
  const inbox = async (m: LoginData) =>
    (
      (await h.call('GET', '/api/v1/messages?page=1&pageSize=20', { token: m.token })).data as {
        list: { title: string }[];
      }
    ).list.map((x) => x.title);

  it('lists applications, approves with a message to the member, and counts the officer’s invites from then on', async () => {
    const officer = await newMember();
    const code = (
      (await h.call('GET', '/api/v1/users/invite', { token: officer.token })).data as { inviteCode: string }
    ).inviteCode;
    await newMember({ inviteCode: code }); // invited before approval: not counted
    const sent = await apply(officer, form());
    const id = (sent.data as Status).application!.id;

    const listed = await ops(['recruit', 'list', '--state', 'pending']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('华东师范大学');

    h.clock.advance(60_000);
    const approved = await ops(['recruit', 'approve', String(id), '--message', '欢迎加入，校园群二维码已发到你的手机']);
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.out).toContain('已通过');
    h.clock.advance(60_000);
    await newMember({ inviteCode: code });

    const s = (await status(officer)).data as Status;
    expect(s.application).toMatchObject({ state: 'approved', reviewMessage: '欢迎加入，校园群二维码已发到你的手机' });
    expect(s.officer).toMatchObject({ invitedCount: 1, activeCount: 0 });
    expect(await inbox(officer)).toContain('你已成为校园推广官');

    // reviewed once only
    const twice = await ops(['recruit', 'reject', String(id), '--message', '重复']);
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('已审核');
    expect((await ops(['recruit', 'list', '--state', 'approved'])).out).toContain('1/0');
  });

  it('rejects only with a message, which the member reads on the page and in the inbox', async () => {
    const m = await newMember();
    const id = ((await apply(m, form())).data as Status).application!.id;
    expect((await ops(['recruit', 'reject', String(id)])).code).toBe(2);
    const r = await ops(['recruit', 'reject', String(id), '--message', '本期名额已满，欢迎下期再来']);
    expect(r.code).toBe(0);
    expect((await status(m)).data).toMatchObject({
      application: { state: 'rejected', reviewMessage: '本期名额已满，欢迎下期再来' },
      officer: null,
    });
    expect(await inbox(m)).toContain('校园推广官申请未通过');
    expect((await ops(['recruit', 'approve', '999999'])).err).toContain('没有编号为 999999 的申请');
    expect((await ops(['recruit', 'list', '--state', 'done'])).code).toBe(2);
  });
});
