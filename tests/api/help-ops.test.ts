/**
 * The help-centre commands of `npm run ops` (scripts/ops-help.ts) in-process: publish into a
 * topic (by id or name, content from a file or inline, sanitized, --hot, --sort), list with state
 * and votes, unpublish (idempotent) — through server/modules/help, so members get what operators
 * publish. A bare `help` is still the console's usage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_TOPICS } from '../../openapi/rules/help';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { voteOnHelpQuestion } from '../../server/modules/help/service';
import { newMember } from './exchange-helpers';
import { createTestEnv, envelopeOf, testClock } from './helpers';
import { runOpsIn } from './ops-helpers';

const env = createTestEnv('help-ops');
/** 2030-03-01 12:00 Beijing. */
const clock = testClock(Date.UTC(2030, 2, 1, 4));
let ctx: AppContext;
let app: Awaited<ReturnType<typeof env.build>>;
const files: Record<string, string> = {
  'answer.html': '<h3>到账时间</h3><p>审核通过后 <strong>1–3 个工作日</strong>打款</p><script>alert(1)</script>',
  'empty.html': '<script>alert(1)</script>',
};

beforeAll(async () => {
  app = await env.build({ seedDemo: false }, { now: clock.now });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

const ops = (...argv: string[]) => runOpsIn(ctx, argv, { user: '运营小李', files });
const api = async <T>(url: string) => envelopeOf(await app.inject({ method: 'GET', url })) as { code: number; data: T };
const idOf = (out: string) => Number(/#(\d+)/.exec(out)![1]);

describe('npm run ops: help', () => {
  it('a bare `help` prints the usage, which lists the help-centre commands', async () => {
    const r = await ops('help');
    expect(r.code).toBe(EXIT.OK);
    expect(r.out).toContain('help publish --category 分类');
    expect(r.out).toContain('help unpublish <id>');
  });

  it('publishes from a file (sanitized) by category name, or inline by id, and members read it', async () => {
    const fromFile = await ops(
      'help',
      'publish',
      '--category',
      '兑换与提现',
      '--title',
      '现金多久到账？',
      '--file',
      'answer.html',
      '--hot',
    );
    expect(fromFile.code, fromFile.err).toBe(EXIT.OK);
    expect(fromFile.out).toMatch(/✓ 已发布帮助问题 #\d+「现金多久到账？」（常见问题）：分类 2104，顺序 10/);
    const id = idOf(fromFile.out);
    expect(fromFile.out).toContain(`/home/feedback/help/2104/${id}`);
    const detail = await api<{ content: string; hot: boolean; categoryName: string }>(`/api/v1/questions/${id}`);
    expect(detail.data).toMatchObject({
      content: '<h3>到账时间</h3><p>审核通过后 <strong>1–3 个工作日</strong>打款</p>',
      hot: true,
      categoryName: '兑换与提现',
    });

    const inline = await ops(
      'help',
      'publish',
      '--category',
      '2104',
      '--title',
      '兑换被驳回怎么办？',
      '--content',
      '<p>微豆自动退还</p>',
    );
    expect(inline.code, inline.err).toBe(EXIT.OK);
    expect(inline.out).toContain('顺序 20');
    const first = await ops(
      'help',
      'publish',
      '--category',
      '2104',
      '--title',
      '兑换前要做什么？',
      '--content',
      '<p>先实名</p>',
      '--sort',
      '5',
    );
    expect(first.code).toBe(EXIT.OK);
    const list = await api<{ list: { title: string }[] }>('/api/v1/questions?categoryId=2104');
    expect(list.data.list.map((q) => q.title)).toEqual(['兑换前要做什么？', '现金多久到账？', '兑换被驳回怎么办？']);
    // The tree exists now, with every topic.
    const tree = await api<{ name: string }[]>('/api/v1/categories?categoryId=21');
    expect(tree.data.map((c) => c.name)).toEqual(HELP_TOPICS.map((t) => t.name));
  });

  it('refuses what cannot be published: usage errors exit 2, rule refusals exit 1', async () => {
    const noCategory = await ops('help', 'publish', '--title', 'T', '--content', '<p>x</p>');
    expect([noCategory.code, noCategory.err]).toEqual([EXIT.USAGE, expect.stringContaining('--category')]);
    const unknown = await ops('help', 'publish', '--category', '抽奖', '--title', 'T', '--content', '<p>x</p>');
    expect(unknown.code).toBe(EXIT.USAGE);
    expect(unknown.err).toContain('没有这个帮助分类：抽奖（可选：2101 注册与登录、');
    const both = await ops(
      'help',
      'publish',
      '--category',
      '2101',
      '--title',
      'T',
      '--content',
      '<p>x</p>',
      '--file',
      'answer.html',
    );
    expect([both.code, both.err]).toEqual([EXIT.USAGE, expect.stringContaining('二选一')]);
    const missingFile = await ops('help', 'publish', '--category', '2101', '--title', 'T', '--file', 'nope.html');
    expect([missingFile.code, missingFile.err]).toEqual([EXIT.USAGE, expect.stringContaining('读不到文件')]);
    const empty = await ops('help', 'publish', '--category', '2101', '--title', 'T', '--file', 'empty.html');
    expect([empty.code, empty.err]).toEqual([EXIT.REFUSED, expect.stringContaining('解答正文为空')]);
    const long = await ops(
      'help',
      'publish',
      '--category',
      '2101',
      '--title',
      '长'.repeat(61),
      '--content',
      '<p>x</p>',
    );
    expect([long.code, long.err]).toEqual([EXIT.REFUSED, expect.stringContaining('问题标题最多 60 个字')]);
    expect((await ops('help', 'frobnicate')).code).toBe(EXIT.USAGE);
  });

  it('lists topics with their counts and every article with its state and votes; unpublishes once', async () => {
    const published = await ops(
      'help',
      'publish',
      '--category',
      '注册与登录',
      '--title',
      '收不到验证码？',
      '--content',
      '<p>检查拦截</p>',
    );
    const id = idOf(published.out);
    const m1 = await newMember(ctx);
    const m2 = await newMember(ctx);
    await voteOnHelpQuestion(ctx.db, m1.id, id, true, clock.now());
    await voteOnHelpQuestion(ctx.db, m2.id, id, false, clock.now());

    const off = await ops('help', 'unpublish', String(id));
    expect(off.out).toBe(`✓ 已下线帮助问题 #${id}「收不到验证码？」`);
    expect((await ops('help', 'unpublish', String(id))).out).toBe(`= 帮助问题 #${id} 已经下线过 / already unpublished`);
    expect((await api(`/api/v1/questions/${id}`)).code).toBe(404);
    const gone = await ops('help', 'unpublish', '999999');
    expect([gone.code, gone.err]).toEqual([EXIT.REFUSED, expect.stringContaining('没有编号为 999999 的帮助问题')]);

    const all = await ops('help', 'list');
    expect(all.code).toBe(EXIT.OK);
    expect(all.out).toMatch(/2104\s+兑换与提现\s+3/);
    expect(all.out).toMatch(/2101\s+注册与登录\s+0/);
    expect(all.out).toMatch(
      new RegExp(`${id}\\s+注册与登录\\s+收不到验证码？\\s+已下线\\s+10\\s+1\\s+1\\s+2030-03-01 12:00`),
    );
    expect(all.out).toMatch(/现金多久到账？\s+常见\s+已发布/);
    const one = await ops('help', 'list', '--category', '2101');
    expect(one.out).not.toContain('兑换与提现');
    expect(one.out).toContain('共显示 1 条');
  });
});
