/**
 * The answer-quality level is enforced with the level GET /v1/quality shows: a member at each
 * level (见习 with no history, 待提升, 良好, 优秀 — histories settled the real way) against tasks
 * and rewards asking for each minimum. The task detail says why (block quality_level, the zh-CN
 * message naming both levels), the start is refused with 3011 and writes nothing, the list still
 * shows the task with its minimum; the reward detail lists the 2018 blocker and the redeem is
 * refused with it, debiting nothing. 见习 meets minimums up to 良好 (openapi/rules/quality.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Code } from '../../openapi/codes';
import { JoinResult } from '../../openapi/enums';
import { meetsQualityLevel, qualityLevelName, UNRATED_MEETS_UP_TO } from '../../openapi/rules/quality';
import type { QualityOverview } from '../../openapi/schemas/quality';
import type { TaskDetail, TaskPage } from '../../openapi/schemas/tasks';
import type { RewardDetail } from '../../openapi/schemas/exchange';
import type { AppContext } from '../../server/context';
import { exchanges, rewards } from '../../server/db/schema-exchange';
import { participations } from '../../server/db/schema-tasks';
import { DAY_MS } from '../../server/kernel/time';
import { balanceOf } from '../../server/modules/points/ledger';
import { settleParticipation } from '../../server/modules/tasks/settle';
import { harness, T0, type Harness } from './accounts-helpers';
import { newMember, newReward, requestKey, saveAddress, type TestMember } from './exchange-helpers';
import { newParticipation, newTask } from './tasks-helpers';

let h: Harness;
const ctx = () => (h.app as unknown as { ctx: AppContext }).ctx;
const R = JoinResult.values;

/** Settle `valid` clean completes and `flagged` completes failing the trap question, in the last days. */
async function history(memberId: number, valid: number, flagged: number) {
  const c = ctx();
  for (let i = 0; i < valid + flagged; i++) {
    h.clock.set(T0 - (i + 1) * DAY_MS);
    const task = await newTask(c, { kind: 'poll' });
    const part = await newParticipation(c, task.id, memberId);
    await settleParticipation(c, {
      respondentId: part.respondentId,
      joinResult: R.COMPLETE,
      lowQualityReasons: i < valid ? [] : [4],
      settledBy: 'postback',
    });
  }
  h.clock.set(T0);
}

/** A member at `level`, with points and an address (so only the quality rule can refuse a redeem). */
async function memberAt(level: 0 | 1 | 2 | 3): Promise<TestMember> {
  h.clock.set(T0);
  const m = await newMember(ctx(), 5000);
  await saveAddress(ctx(), m.id);
  if (level === 1) await history(m.id, 0, 5);
  if (level === 2) await history(m.id, 5, 0);
  if (level === 3) await history(m.id, 10, 0);
  return m;
}

const LEVELS = [0, 1, 2, 3] as const;

/** A browse task (no partner to reach) asking for `required`. */
const browseTask = (required: number) =>
  newTask(ctx(), { kind: 'browse', targetUrl: 'https://example.com/page', minQualityLevel: required });

beforeAll(async () => {
  h = await harness('quality-enforced');
});
afterAll(() => h.env.cleanup());

describe('the rule for members not rated yet', () => {
  it('见习 meets minimums up to 良好; a rated member up to their own level', () => {
    expect(UNRATED_MEETS_UP_TO).toBe(2);
    const table = LEVELS.map((level) => LEVELS.map((required) => meetsQualityLevel(level, required)));
    expect(table).toEqual([
      [true, true, true, false],
      [true, true, false, false],
      [true, true, true, false],
      [true, true, true, true],
    ]);
  });
});

describe('tasks and rewards asking for a quality level', () => {
  it('each level against each minimum: detail, list, start and redeem agree with GET /v1/quality', async () => {
    const tasksBy = await Promise.all(LEVELS.map((required) => browseTask(required)));
    const rewardsBy = await Promise.all(
      LEVELS.map((required) => newReward(ctx(), { type: 3, stock: 20, pointsCost: 100, minQualityLevel: required })),
    );

    for (const level of LEVELS) {
      const m = await memberAt(level);
      const overview = (await h.call('GET', '/api/v1/quality', { token: m.token })).data as z.output<
        typeof QualityOverview
      >;
      expect(overview.level, `member at ${level}`).toBe(level);
      const list = (await h.call('GET', '/api/v1/tasks?pageSize=100', { token: m.token })).data as z.output<
        typeof TaskPage
      >;

      for (const required of LEVELS) {
        const allowed = meetsQualityLevel(overview.level, required);
        const what = `member ${level}, task/reward ${required}`;
        const task = tasksBy[required]!;

        // The list shows the task either way, with its minimum.
        const card = list.list.find((t) => t.hashId === task.hashId);
        expect(card?.minQualityLevel, what).toBe(required);

        const d = (await h.call('GET', `/api/v1/tasks/${task.hashId}`, { token: m.token })).data as z.output<
          typeof TaskDetail
        >;
        expect(d.canStart, what).toBe(allowed);
        expect(d.block, what).toBe(allowed ? null : 'quality_level');
        if (!allowed) {
          expect(d.blockMessage).toContain(`需要答题质量达到「${qualityLevelName(required)}」`);
          expect(d.blockMessage).toContain(`你当前为「${qualityLevelName(level)}」`);
        }

        const balance = await balanceOf(ctx().db, m.id);
        const start = await h.call('POST', `/api/v1/process/tasks/${task.hashId}/start`, { token: m.token });
        const parts = await ctx()
          .db.select()
          .from(participations)
          .where(eq(participations.taskId, task.id))
          .then((rows) => rows.filter((p) => p.memberId === m.id));
        if (allowed) {
          expect(start.code, what).toBe(200);
          expect(parts).toHaveLength(1);
        } else {
          expect(start.code, what).toBe(Code.TASK_QUALITY_LEVEL_REQUIRED);
          expect(start.msg).toBe(d.blockMessage);
          expect(parts, 'a refused start writes no participation').toHaveLength(0);
        }
        expect(await balanceOf(ctx().db, m.id)).toBe(balance);

        const reward = rewardsBy[required]!;
        const rd = (await h.call('GET', `/api/v1/exchange/rewards/${reward.id}`, { token: m.token })).data as z.output<
          typeof RewardDetail
        >;
        expect(rd.minQualityLevel).toBe(required);
        const blocker = rd.eligibility!.blockers.find((b) => b.code === Code.QUALITY_LEVEL_REQUIRED);
        expect(Boolean(blocker), what).toBe(!allowed);
        if (blocker) expect(blocker.msg).toContain(`需要答题质量达到「${qualityLevelName(required)}」`);

        const [stockBefore] = await ctx()
          .db.select({ s: rewards.stock })
          .from(rewards)
          .where(eq(rewards.id, reward.id));
        const redeem = await h.call('POST', '/api/v1/exchange/redeem', {
          token: m.token,
          body: { rewardId: reward.id, requestKey: requestKey() },
        });
        const [stockAfter] = await ctx().db.select({ s: rewards.stock }).from(rewards).where(eq(rewards.id, reward.id));
        const mine = await ctx()
          .db.select()
          .from(exchanges)
          .where(eq(exchanges.rewardId, reward.id))
          .then((rows) => rows.filter((x) => x.memberId === m.id));
        if (allowed) {
          expect(redeem.code, what).toBe(200);
          expect(await balanceOf(ctx().db, m.id)).toBe(balance - 100);
          expect(mine).toHaveLength(1);
        } else {
          expect(redeem.code, what).toBe(Code.QUALITY_LEVEL_REQUIRED);
          expect(redeem.msg).toBe(blocker!.msg);
          expect(await balanceOf(ctx().db, m.id), 'a refused redeem debits nothing').toBe(balance);
          expect(stockAfter!.s).toBe(stockBefore!.s);
          expect(mine).toHaveLength(0);
        }
      }
    }
  });

  it('the level follows the history: a member rising to 优秀 may then start the 优秀-only task', async () => {
    const m = await memberAt(2);
    const task = await browseTask(3);
    const before = await h.call('POST', `/api/v1/process/tasks/${task.hashId}/start`, { token: m.token });
    expect(before.code).toBe(Code.TASK_QUALITY_LEVEL_REQUIRED);
    await history(m.id, 5, 0); // now 10 valid of 10
    const q = (await h.call('GET', '/api/v1/quality', { token: m.token })).data as z.output<typeof QualityOverview>;
    expect(q.level).toBe(3);
    expect((await h.call('POST', `/api/v1/process/tasks/${task.hashId}/start`, { token: m.token })).code).toBe(200);
  });
});
