/**
 * The benefit commands of `npm run ops` (scripts/ops-benefits.ts) in-process: define, list,
 * grant (once per --key) and show a member's holdings, through the same services as the API.
 */
import { opsStaff } from './ops-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runOps } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { benefits, memberBenefits } from '../../server/db/schema-benefits';
import { createTestEnv } from './helpers';
import { newMember } from './exchange-helpers';
import { giveCredit } from './rewards-helpers';

const env = createTestEnv('benefits-ops');
let ctx: AppContext;

beforeAll(async () => {
  const app = await env.build({ seedDemo: false });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
});
afterAll(() => env.cleanup());

async function ops(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, { ctx, out: (l) => out.push(l), err: (l) => err.push(l), env: { USER: '运营小李', OPS_STAFF: await opsStaff(ctx, '运营小李') } });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run ops: benefits', () => {
  it('adds a benefit, lists it, grants it once per key and shows the holding', async () => {
    expect((await ops(['help'])).out).toContain('grant-benefit');
    const added = await ops([
      'benefit',
      'add',
      '--kind',
      'coupon',
      '--name',
      '满 500 减 50',
      '--value',
      '50',
      '--min-spend',
      '500',
      '--valid-days',
      '30',
    ]);
    expect(added.code).toBe(EXIT.OK);
    const [row] = await ctx.db.select().from(benefits).where(eq(benefits.name, '满 500 减 50'));
    expect(row).toMatchObject({ kind: 2, value: 50, couponUnit: 'fen', minSpend: 500, validDays: 30, active: true });

    const list = await ops(['benefits', 'list']);
    expect(list.out).toContain('满 500 减 50');
    expect(list.out).toContain('减 50 微豆（满 500）');

    const m = await newMember(ctx);
    await giveCredit(ctx, m.id, 120);
    const g1 = await ops(['grant-benefit', m.mobile, String(row!.id), '--key', 'spring-2030']);
    expect(g1.code).toBe(EXIT.OK);
    expect(g1.out).toContain('已向会员');
    const g2 = await ops(['grant-benefit', String(m.id), String(row!.id), '--key', 'spring-2030']);
    expect(g2.out).toContain('未重复发放');
    const held = await ctx.db.select().from(memberBenefits).where(eq(memberBenefits.memberId, m.id));
    expect(held).toMatchObject([{ source: 'grant', grantedBy: '运营小李', status: 'unused' }]);

    const show = await ops(['holdings', m.mobile]);
    expect(show.out).toContain('权益值 / credit: 120');
    expect(show.out).toContain('1 青铜会员');
    expect(show.out).toContain('满 500 减 50');
    expect(show.out).toContain('发放(运营小李)');
  });

  it('refuses bad input: usage errors exit 2, rule refusals exit 1', async () => {
    expect((await ops(['benefit', 'add', '--kind', 'gold', '--name', 'x', '--value', '1'])).code).toBe(EXIT.USAGE);
    expect((await ops(['benefit', 'add', '--kind', 'boost', '--value', '1'])).code).toBe(EXIT.USAGE);
    const pct = await ops([
      'benefit',
      'add',
      '--kind',
      'coupon',
      '--name',
      '九九折',
      '--value',
      '120',
      '--unit',
      'percent',
    ]);
    expect(pct.code).toBe(EXIT.REFUSED);
    expect(pct.err).toContain('1–99');
    expect((await ops(['grant-benefit', '13900000000', '1'])).code).toBe(EXIT.REFUSED);
    const m = await newMember(ctx);
    const missing = await ops(['grant-benefit', String(m.id), '999999']);
    expect(missing.code).toBe(EXIT.REFUSED);
    expect(missing.err).toContain('权益不存在');
    await ops(['benefit', 'add', '--kind', 'spins', '--name', '下架的抽奖券', '--value', '1', '--inactive']);
    const [off] = await ctx.db.select().from(benefits).where(eq(benefits.name, '下架的抽奖券'));
    const refused = await ops(['grant-benefit', String(m.id), String(off!.id)]);
    expect(refused.code).toBe(EXIT.REFUSED);
    expect(refused.err).toContain('已下架');
  });
});
