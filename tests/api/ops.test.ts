/**
 * The operator console (`npm run ops`, scripts/ops.ts) in-process: it goes through the same
 * services as the API, so the state machine, refunds and stock rules hold for operators too.
 * Plus one real `npm run ops` process against PGlite, as an operator would run it.
 */
import { opsStaff } from './ops-helpers';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { rewards } from '../../server/db/schema-exchange';
import { tasks } from '../../server/db/schema-tasks';
import { newTask } from './tasks-helpers';
import { redeem } from '../../server/modules/exchange/redeem';
import { balanceOf } from '../../server/modules/points/ledger';
import { runOpsIn } from './ops-helpers';
import { createTestEnv, usingPostgres } from './helpers';
import { newMember, newReward, requestKey, saveAddress } from './exchange-helpers';

const env = createTestEnv('ops');
let ctx: AppContext;

beforeAll(async () => {
  const app = await env.build({ seedDemo: false });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

const ops = (argv: string[], files: Record<string, string> = {}) => runOpsIn(ctx, argv, { user: '运营小王', files });

describe('npm run ops', () => {
  it('help, unknown commands and missing reasons are usage errors (exit 2) with zh-CN text', async () => {
    expect((await ops(['help'])).out).toContain('微豆调研运营工具');
    expect((await ops([])).code).toBe(EXIT.USAGE);
    const unknown = await ops(['frobnicate']);
    expect(unknown).toMatchObject({ code: EXIT.USAGE });
    expect(unknown.err).toContain('未知命令');
    const noReason = await ops(['reject', '1']);
    expect(noReason.code).toBe(EXIT.USAGE);
    expect(noReason.err).toContain('需要 --reason');
  });

  it('review queue → approve → issue with a tracking number; a second move is refused (exit 1)', async () => {
    const m = await newMember(ctx, 600);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, { title: '蓝牙耳机', pointsCost: 500 });
    const { exchange } = await redeem(ctx, m.id, { rewardId: r.id, requestKey: requestKey() });

    const queue = await ops(['exchanges', 'list', '--state', 'pending']);
    expect(queue.code).toBe(EXIT.OK);
    expect(queue.out).toContain('蓝牙耳机');
    expect((await ops(['approve', String(exchange.id)])).code).toBe(EXIT.OK);
    const noTracking = await ops(['issue', String(exchange.id)]);
    expect(noTracking.code).toBe(EXIT.REFUSED);
    expect(noTracking.err).toContain('快递单号');
    expect((await ops(['issue', String(exchange.id), '--tracking', 'SF1234567890'])).code).toBe(EXIT.OK);
    const shown = await ops(['exchange', 'show', String(exchange.id)]);
    expect(shown.out).toContain('SF1234567890');
    expect(shown.out).toContain('运营小王');
    const again = await ops(['reject', String(exchange.id), '--reason', '晚了']);
    expect(again.code).toBe(EXIT.REFUSED);
    expect(again.err).toContain('EXCHANGE_STATE_CONFLICT');
    expect(await balanceOf(ctx.db, m.id)).toBe(100);
  });

  it('reject refunds once; the ledger command shows the refund', async () => {
    const m = await newMember(ctx, 300);
    await saveAddress(ctx, m.id);
    const r = await newReward(ctx, { pointsCost: 300 });
    const { exchange } = await redeem(ctx, m.id, { rewardId: r.id, requestKey: requestKey() });
    expect(await balanceOf(ctx.db, m.id)).toBe(0);
    expect((await ops(['reject', String(exchange.id), '--reason', '疑似刷单'])).code).toBe(EXIT.OK);
    expect((await ops(['reject', String(exchange.id), '--reason', '疑似刷单'])).code).toBe(EXIT.REFUSED);
    expect(await balanceOf(ctx.db, m.id)).toBe(300);
    const ledger = await ops(['ledger', String(m.id)]);
    expect(ledger.out).toContain('余额 / balance: 300 微豆');
    expect(ledger.out).toContain('兑换退还');
  });

  it('adds a virtual reward, loads codes from a file (duplicates skipped) and stock follows', async () => {
    const add = await ops([
      'reward',
      'add',
      '--type',
      'virtual',
      '--title',
      '话费充值卡 10 元',
      '--points',
      '1000',
      '--face',
      '10',
    ]);
    expect(add.code).toBe(EXIT.OK);
    const [row] = await ctx.db.select().from(rewards).where(eq(rewards.title, '话费充值卡 10 元'));
    expect(row).toMatchObject({ type: 2, pointsCost: 1000, faceValue: 1000, stock: 0 });
    const load = await ops(['codes', 'load', String(row!.id), 'codes.txt'], {
      'codes.txt': '# 十元卡\nAAAA-0001\nAAAA-0002\nAAAA-0001\n',
    });
    expect(load.code).toBe(EXIT.OK);
    expect(load.out).toContain('导入卡密 2 张');
    const more = await ops(['codes', 'load', String(row!.id), 'more.txt'], { 'more.txt': 'AAAA-0002\nAAAA-0003\n' });
    expect(more.out).toContain('导入卡密 1 张，重复跳过 1 张');
    const [after] = await ctx.db.select().from(rewards).where(eq(rewards.id, row!.id));
    expect(after!.stock).toBe(3);
    const missing = await ops(['codes', 'load', String(row!.id), 'nope.txt']);
    expect(missing.code).toBe(EXIT.USAGE);
  });

  it('sets the answer-quality minimum of tasks and rewards (numbers or level names), separate from the benefit level', async () => {
    const task = await newTask(ctx, { title: '优秀专享调研' });
    expect((await ops(['task', 'quality', task.hashId, '优秀'])).code).toBe(EXIT.OK);
    expect((await ctx.db.select().from(tasks).where(eq(tasks.id, task.id)))[0]!.minQualityLevel).toBe(3);
    const byId = await ops(['task', 'quality', String(task.id), '2']);
    expect(byId.out).toContain('答题质量要求 → 良好及以上');
    const list = await ops(['tasks', 'list']);
    expect(list.out).toMatch(/优秀专享调研.*良好及以上/);
    expect((await ops(['task', 'quality', task.hashId, '5'])).code).toBe(EXIT.USAGE);
    expect((await ops(['task', 'quality', 'nope', '1'])).code).toBe(EXIT.REFUSED);

    const add = await ops(['reward', 'add', '--type', 'physical', '--title', '优秀答题者礼盒', '--points', '900']);
    expect(add.code).toBe(EXIT.OK);
    const added = await ops([
      ...['reward', 'add', '--type', 'physical', '--title', '良好礼盒', '--points', '500'],
      ...['--min-level', '1', '--min-quality', '良好'],
    ]);
    expect(added.code).toBe(EXIT.OK);
    const [good] = await ctx.db.select().from(rewards).where(eq(rewards.title, '良好礼盒'));
    expect(good).toMatchObject({ minLevel: 1, minQualityLevel: 2 });
    const [box] = await ctx.db.select().from(rewards).where(eq(rewards.title, '优秀答题者礼盒'));
    expect(box!.minQualityLevel).toBe(0);
    expect((await ops(['reward', 'quality', String(box!.id), '3'])).out).toContain('仅限优秀');
    expect((await ctx.db.select().from(rewards).where(eq(rewards.id, box!.id)))[0]!.minQualityLevel).toBe(3);
    expect((await ops(['rewards', 'list'])).out).toMatch(/优秀答题者礼盒.*答题质量仅限优秀/);
    expect((await ops(['reward', 'quality', String(box!.id), '很好'])).code).toBe(EXIT.USAGE);
  });
});

describe('npm run ops as a process', () => {
  it('opens the server’s database (embedded PGlite or DATABASE_URL) and prints the rewards', async () => {
    await newReward(ctx, { title: '进程测试商品' });
    const staff = await opsStaff(ctx, '运营小李', ['content']);
    // PGlite allows one process per data directory: close ours while the CLI runs.
    if (!usingPostgres) await env.closeAll();
    const dbEnv = usingPostgres
      ? { DATABASE_URL: env.config.databaseUrl!, DATABASE_SCHEMA: env.config.databaseSchema! }
      : { DATA_DIR: env.config.dataDir, DATABASE_URL: '' };
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/ops.ts', 'rewards', 'list'], {
      env: { ...process.env, ...dbEnv, LOG_LEVEL: 'warn', OPS_STAFF: staff },
    });
    expect(stdout).toContain('进程测试商品');
    if (!usingPostgres) ctx = ((await env.build({ seedDemo: false })) as unknown as { ctx: AppContext }).ctx;
  });
});
