/**
 * The message commands of `npm run ops` (scripts/ops-messages.ts) in-process: send to one member
 * (by id or mobile), a list, everyone; set, list and withdraw the screen message; refuse links to
 * pages that are not routed and bad input, through the same services as the API.
 */
import { opsStaff } from './ops-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runOps } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { messageInbox, messages, screenMessages } from '../../server/db/schema-content';
import { listMessages, unreadMessages } from '../../server/modules/messages/inbox';
import { pendingScreenMessage } from '../../server/modules/messages/screen';
import { createTestEnv, testClock } from './helpers';
import { newMember } from './exchange-helpers';

/** 2030-01-01 10:00 Beijing. */
const T0 = Date.UTC(2030, 0, 1, 2, 0, 0);
const clock = testClock(T0);
const env = createTestEnv('messages-ops');
let ctx: AppContext;

beforeAll(async () => {
  const app = await env.build({ seedDemo: false }, { now: clock.now });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

async function ops(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, { ctx, out: (l) => out.push(l), err: (l) => err.push(l), env: { USER: '运营小李', OPS_STAFF: await opsStaff(ctx, '运营小李') } });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const page = { page: 1, pageSize: 20 };

describe('npm run ops: messages', () => {
  it('help lists the message commands', async () => {
    const help = (await ops(['help'])).out;
    expect(help).toContain('message send');
    expect(help).toContain('screen set');
  });

  it('sends to one member by id or mobile, to a list, and to everyone registered now', async () => {
    const a = await newMember(ctx);
    const b = await newMember(ctx);
    const one = await ops([
      'message',
      'send',
      '--member',
      a.mobile,
      '--title',
      '你的账号已升级',
      '--content',
      '<p>恭喜<strong>升级</strong></p><script>x()</script>',
      '--type',
      'system',
      '--link',
      '/home/credit',
    ]);
    expect(one).toMatchObject({ code: EXIT.OK });
    expect(one.out).toMatch(/^✓ 已向会员 #\d+ .+发送消息 #\d+/);
    const [got] = (await listMessages(ctx.db, a.id, page)).list;
    expect(got).toMatchObject({
      type: 1,
      title: '你的账号已升级',
      content: '<p>恭喜<strong>升级</strong></p>',
      link: '/home/credit',
    });

    const list = await ops([
      'message',
      'send',
      '--members',
      `${a.id}, ${b.mobile}`,
      '--title',
      '名单消息',
      '--content',
      '内容',
      '--type',
      '5',
    ]);
    expect(list.out).toContain('已向名单中的 2 位会员发送消息');
    expect((await listMessages(ctx.db, b.id, page)).list.map((x) => x.title)).toEqual(['名单消息']);

    clock.advance(1000);
    const all = await ops(['message', 'send', '--all', '--title', '全站广播', '--content', '<p>大家好</p>']);
    expect(all.code).toBe(EXIT.OK);
    expect(all.out).toMatch(/已向全体会员发送消息 #\d+（发送时已注册 \d+ 位/);
    const [row] = await ctx.db.select().from(messages).where(eq(messages.title, '全站广播'));
    expect(row).toMatchObject({ audience: 'all', type: 1 });
    expect(await ctx.db.select().from(messageInbox).where(eq(messageInbox.messageId, row!.id))).toEqual([]);
    expect(await unreadMessages(ctx.db, a.id)).toBe(3);
  });

  it('refuses: no audience or two, unknown members, a link to a page that is not built, bad type', async () => {
    const m = await newMember(ctx);
    const base = ['message', 'send', '--title', '标题', '--content', '内容'];
    const noAudience = await ops(base);
    expect(noAudience.code).toBe(EXIT.USAGE);
    expect(noAudience.err).toContain('--member、--members 或 --all');
    expect((await ops([...base, '--all', '--member', String(m.id)])).code).toBe(EXIT.USAGE);
    const unknown = await ops([...base, '--member', '13000000000']);
    expect(unknown.code).toBe(EXIT.REFUSED);
    expect(unknown.err).toMatch(/[\u4e00-\u9fa5]/);
    const unrouted = await ops([...base, '--member', String(m.id), '--link', '/home/not-built-yet']);
    expect(unrouted.code).toBe(EXIT.USAGE);
    expect(unrouted.err).toContain('不是站内已有的页面');
    expect((await ops([...base, '--member', String(m.id), '--link', 'https://example.com'])).code).toBe(EXIT.USAGE);
    expect((await ops([...base, '--member', String(m.id), '--type', 'spam'])).code).toBe(EXIT.USAGE);
    expect((await ops(['message', 'send', '--member', String(m.id), '--title', '标题'])).code).toBe(EXIT.USAGE);
    const empty = await ops([
      'message',
      'send',
      '--member',
      String(m.id),
      '--title',
      '标题',
      '--content',
      '<script></script>',
    ]);
    expect(empty).toMatchObject({ code: EXIT.REFUSED });
    expect(empty.err).toContain('请填写消息内容');
    expect(await ctx.db.select().from(messages).where(eq(messages.title, '标题'))).toEqual([]);
  });

  it('sets a screen message (Beijing times), lists it, shows it once per member, withdraws it', async () => {
    const m = await newMember(ctx);
    const set = await ops([
      'screen',
      'set',
      '--title',
      '国庆活动',
      '--content',
      '<p>国庆双倍微豆</p>',
      '--image',
      'https://cdn.example.com/a.png',
      '--link',
      '/task',
      '--button',
      '立即参与',
      '--start',
      '2030-01-01 09:00',
      '--end',
      '2030-01-08',
    ]);
    expect(set.code).toBe(EXIT.OK);
    expect(set.out).toContain('2030-01-01 09:00 至 2030-01-08 00:00');
    const [row] = await ctx.db.select().from(screenMessages).where(eq(screenMessages.title, '国庆活动'));
    expect(row!.startAt.getTime()).toBe(Date.UTC(2030, 0, 1, 1, 0));
    expect(row!.endAt.getTime()).toBe(Date.UTC(2029, 11, 31 + 7, 16, 0));
    expect(await pendingScreenMessage(ctx.db, m.id, clock.now())).toMatchObject({
      id: row!.id,
      buttonText: '立即参与',
      image: 'https://cdn.example.com/a.png',
      link: '/task',
    });

    const list = await ops(['screen', 'list']);
    expect(list.out).toContain('国庆活动');
    expect(list.out).toContain('展示中');

    const withdrawn = await ops(['screen', 'withdraw', String(row!.id)]);
    expect(withdrawn.code).toBe(EXIT.OK);
    expect(await pendingScreenMessage(ctx.db, m.id, clock.now())).toBeNull();
    expect((await ops(['screen', 'list'])).out).toContain('已撤下');
    const twice = await ops(['screen', 'withdraw', String(row!.id)]);
    expect(twice.code).toBe(EXIT.REFUSED);
    expect(twice.err).toContain('已经撤下了');
    expect((await ops(['screen', 'withdraw', '999999'])).err).toContain('不存在');

    // Defaults: from now, for 7 days, 知道了; an https button link is allowed.
    const plain = await ops([
      'screen',
      'set',
      '--title',
      '简单弹屏',
      '--content',
      '内容',
      '--link',
      'https://example.com/x',
    ]);
    expect(plain.code).toBe(EXIT.OK);
    expect(plain.out).toContain('2030-01-01 10:00 至 2030-01-08 10:00');
  });

  it('refuses a screen message with a bad time, an ended window, an unrouted link or two images', async () => {
    const base = ['screen', 'set', '--title', '标题', '--content', '内容'];
    expect((await ops([...base, '--end', '2030-13-01'])).code).toBe(EXIT.USAGE);
    expect((await ops([...base, '--start', '2030-02-30'])).code).toBe(EXIT.USAGE);
    const ended = await ops([...base, '--end', '2029-12-31 10:00']);
    expect(ended.code).toBe(EXIT.REFUSED);
    expect(ended.err).toContain('结束时间');
    expect((await ops([...base, '--link', '/nowhere'])).code).toBe(EXIT.USAGE);
    expect((await ops([...base, '--link', 'http://example.com'])).code).toBe(EXIT.USAGE);
    expect((await ops([...base, '--image', 'https://a/1.png', '--image', 'https://a/2.png'])).code).toBe(EXIT.USAGE);
    const insecure = await ops([...base, '--image', 'http://a/1.png']);
    expect(insecure.code).toBe(EXIT.REFUSED);
    expect(insecure.err).toContain('https');
    expect((await ops(['screen', 'frob'])).code).toBe(EXIT.USAGE);
  });
});
