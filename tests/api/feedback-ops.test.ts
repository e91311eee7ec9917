/**
 * The feedback commands of `npm run ops` (scripts/ops-feedback.ts) in-process: the queue by state
 * and age, one ticket whole (thread, history, signed screenshot links), take → process → reply
 * (ask, then answer) → the member confirms, close with a reason, one auto-confirmation round; each
 * move recorded with the `--as` name, each refusal an exit code with the reason in zh-CN.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedbackState } from '../../openapi/enums';
import { AUTO_CONFIRM_DAYS } from '../../openapi/rules/feedback';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { messageInbox, messages } from '../../server/db/schema-content';
import { feedbackMoves, feedbackTickets } from '../../server/db/schema-support';
import type { FeedbackDetailData } from '../../server/modules/feedback/view';
import type { OssPolicyData } from '../../server/providers/oss';
import { runOpsIn } from './ops-helpers';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';
import { browserForm, objectNameFor, png, postForm } from './uploads-helpers';

let h: TasksHarness;
let ctx: AppContext;

beforeAll(async () => {
  h = await tasksHarness('feedback-ops');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

const S = FeedbackState.values;
const DAY = 86_400_000;
const ops = (argv: string[]) => runOpsIn(ctx, argv, { user: 'ops-user' });

async function ticket(
  member: number,
  content = '兑换的话费充值三天了还没到账，订单显示待发放。',
  images: string[] = [],
) {
  const r = await h.call<FeedbackDetailData>('POST', '/api/v1/feedback', {
    member,
    body: { requestKey: randomUUID(), category: 2, content, images },
  });
  expect(r.code, r.msg).toBe(200);
  return r.data.id;
}

const stateOf = async (id: number) =>
  (await ctx.db.select().from(feedbackTickets).where(eq(feedbackTickets.id, id)))[0]!.state;

describe('npm run ops: feedback', () => {
  it('help lists the feedback commands', async () => {
    const help = (await ops(['help'])).out;
    for (const c of [
      'feedback list',
      'feedback show',
      'feedback take',
      'feedback process',
      'feedback reply',
      'feedback close',
      'feedback auto-confirm',
    ])
      expect(help).toContain(c);
  });

  it('takes, processes, asks, answers and shows a ticket; the member reads every reply', async () => {
    const m = await newMember(ctx);
    const p = await h.call<OssPolicyData>('GET', '/api/v1/oss/policy?module=feedback', { member: m });
    const key = p.data.dir + objectNameFor();
    const up = await postForm(h.app, browserForm(p.data, key, { bytes: png(4, 4), type: 'image/png' }), p.data.host);
    expect(up.statusCode).toBe(200);
    const id = await ticket(m, '兑换的话费充值三天了还没到账，\n订单显示待发放。', [key]);

    const take = await ops(['feedback', 'take', String(id), '--as', '客服小林']);
    expect(take).toMatchObject({ code: EXIT.OK });
    expect(take.out).toBe(`✓ 反馈 #${id} 受理：待受理 → 待处理  (accept)`);
    const proc = await ops(['feedback', 'process', String(id), '--as', '客服小林', '--note', '已联系供应商核实']);
    expect(proc.out).toContain('待处理 → 处理中');
    const ask = await ops(['feedback', 'reply', String(id), '--as', '客服小林', '--ask', '请提供充值的手机号后四位。']);
    expect(ask.out).toMatch(/处理中 → 待反馈.*会员收到站内消息/);
    expect(await stateOf(id)).toBe(S.AWAITING_FEEDBACK);
    await h.call('POST', `/api/v1/feedback/${id}/reply`, { member: m, body: { content: '尾号 8848。' } });
    const answer = await ops([
      'feedback',
      'reply',
      String(id),
      '--as',
      '客服小林',
      '--answer',
      '已重新充值成功，请查收。',
    ]);
    expect(answer.out).toContain('待处理 → 待确认');

    const d = (await h.call<FeedbackDetailData>('GET', `/api/v1/feedback/${id}`, { member: m })).data;
    expect(d.posts.map((x) => [x.name, x.content])).toEqual([
      ['客服小林', '请提供充值的手机号后四位。'],
      ['我', '尾号 8848。'],
      ['客服小林', '已重新充值成功，请查收。'],
    ]);
    expect(d.moves[2]).toMatchObject({ by: 'staff', reason: '客服正在处理：已联系供应商核实' });
    const inbox = await ctx.db
      .select({ title: messages.title })
      .from(messages)
      .innerJoin(messageInbox, eq(messageInbox.messageId, messages.id))
      .where(and(eq(messageInbox.memberId, m), like(messages.eventKey, 'feedback.reply:%')));
    expect(inbox.map((r) => r.title).sort()).toEqual(['你的反馈有了答复', '客服需要你补充反馈信息']);

    const shown = await ops(['feedback', 'show', String(id)]);
    expect(shown.code).toBe(EXIT.OK);
    for (const text of [
      `#${id}  待确认 (4)  兑换与提现`,
      '客服小林',
      '  兑换的话费充值三天了还没到账，',
      '  订单显示待发放。',
      `截图 ${key}`,
      '尾号 8848。',
      '已联系供应商核实',
      '（提交）',
      '自动确认',
      '可执行 Next',
    ])
      expect(shown.out, text).toContain(text);
    const link = /(http:\/\/\S+\/uploads\/feedback\/\S+)/.exec(shown.out)![1]!;
    const served = await h.app.inject({ method: 'GET', url: link.replace(/^http:\/\/[^/]+/, '') });
    expect(served.statusCode).toBe(200);
  });

  it('lists the open tickets by state and age, or one state', async () => {
    const m = await newMember(ctx);
    const a = await ticket(m);
    h.clock.advance(3 * 3_600_000);
    const b = await ticket(m, '签到后微豆没有增加，连续签到也断了。');
    await ops(['feedback', 'take', String(b), '--as', '客服小周']);
    const list = await ops(['feedback', 'list']);
    expect(list.code).toBe(EXIT.OK);
    const rows = list.out.split('\n');
    const rowA = rows.findIndex((l) => l.startsWith(`${a} `));
    const rowB = rows.findIndex((l) => l.startsWith(`${b} `));
    expect(rowA).toBeGreaterThan(-1);
    expect(rowB).toBeGreaterThan(rowA); // 待受理 before 待处理
    expect(rows[rowA]).toContain('3 小时 0 分');
    expect(rows[rowB]).toContain('客服小周');
    expect(rows.at(-1)).toMatch(/^待受理 \d+ · 待处理 \d+ · 处理中 \d+ · 待反馈 \d+ · 待确认 \d+ · 已确认 \d+$/);
    const one = await ops(['feedback', 'list', '--state', '待处理']);
    expect(one.out).toContain(`${b} `);
    expect(one.out.split('\n').some((l) => l.startsWith(`${a} `))).toBe(false);
  });

  it('closes with a reason the member reads, and refuses moves the state does not allow', async () => {
    const m = await newMember(ctx);
    const id = await ticket(m);
    const close = await ops(['feedback', 'close', String(id), '--as', '客服小林', '--reason', '与另一条反馈重复']);
    expect(close.out).toContain('待受理 → 已确认');
    expect(await stateOf(id)).toBe(S.CONFIRMED);
    const again = await ops(['feedback', 'take', String(id), '--as', '客服小林']);
    expect(again.code).toBe(EXIT.REFUSED);
    expect(again.err).toContain('这条反馈现在是「已确认」，不能受理');
    const rows = await ctx.db.select().from(feedbackMoves).where(eq(feedbackMoves.ticketId, id));
    expect(rows.map((r) => [r.toState, r.actorName, r.reason])).toEqual([
      [S.TO_ACCEPT, null, '你提交了反馈'],
      [S.CONFIRMED, '客服小林', '客服关闭了这条反馈：与另一条反馈重复'],
    ]);
    expect((await ops(['feedback', 'show', '2000000000'])).code).toBe(EXIT.REFUSED);
  });

  it('runs one auto-confirmation round now', async () => {
    const m = await newMember(ctx);
    const id = await ticket(m);
    await ops(['feedback', 'take', String(id), '--as', '客服小林']);
    await ops(['feedback', 'reply', String(id), '--as', '客服小林', '--answer', '已处理完毕。']);
    expect((await ops(['feedback', 'auto-confirm'])).out).not.toContain(`#${id}`);
    h.clock.advance(AUTO_CONFIRM_DAYS * DAY);
    const r = await ops(['feedback', 'auto-confirm']);
    expect(r.out).toContain(`#${id}`);
    expect(await stateOf(id)).toBe(S.CONFIRMED);
    expect((await ops(['feedback', 'auto-confirm'])).out).toBe('= 没有到期的待确认反馈 / nothing due');
  });

  it('wrong usage exits 2 with the usage', async () => {
    const m = await newMember(ctx);
    const id = String(await ticket(m));
    for (const argv of [
      ['feedback'],
      ['feedback', 'take', id],
      ['feedback', 'take', 'abc', '--as', '客服小林'],
      ['feedback', 'process', id, '--as', '客服小林'],
      ['feedback', 'reply', id, '--as', '客服小林'],
      ['feedback', 'reply', id, '--as', '客服小林', '--ask', 'a', '--answer', 'b'],
      ['feedback', 'close', id, '--as', '客服小林'],
      ['feedback', 'list', '--state', '9'],
    ]) {
      const r = await ops(argv);
      expect(r.code, argv.join(' ')).toBe(EXIT.USAGE);
      expect(r.err).toMatch(/^用法错误 \/ usage: /);
    }
    expect(await stateOf(Number(id))).toBe(S.TO_ACCEPT);
  });
});
