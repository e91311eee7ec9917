/**
 * The audit state of a complete (spec §3: 0 待审核, 1 有效, 2 无效) in 任务记录 and on the outcome:
 * a complete of a task whose partner may still reject it (review days) is 待审核 until then and
 * 有效 after; rejected by the partner (reconciliation) or flagged for quality it is 无效 with the
 * reason; other results have none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinResult } from '../../openapi/enums';
import type { AppContext } from '../../server/context';
import { reverseParticipation, settleParticipation } from '../../server/modules/tasks/settle';
import { DAY } from './rewards-helpers';
import { newMember, newParticipation, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;
beforeAll(async () => {
  h = await tasksHarness('taskaudit');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

type Audit = { state: number; reason: string | null; reviewUntil: number | null } | null;
const recordsOf = async (member: number) =>
  (
    await h.call<{ list: { respondentId: string; audit: Audit }[] }>('GET', '/api/v1/users/tasks?pageSize=50', {
      member,
    })
  ).data.list;
const auditOfRid = async (member: number, rid: string) =>
  (await recordsOf(member)).find((r) => r.respondentId === rid)!.audit;

async function settled(
  member: number,
  over: { reviewDays?: number; joinResult?: number; lowQualityReasons?: number[] },
) {
  const task = await newTask(ctx, { reviewDays: over.reviewDays ?? 0 });
  const p = await newParticipation(ctx, task.id, member);
  const outcome = await settleParticipation(ctx, {
    respondentId: p.respondentId,
    joinResult: over.joinResult ?? JoinResult.values.COMPLETE,
    settledBy: 'postback',
    lowQualityReasons: over.lowQualityReasons,
  });
  return { rid: p.respondentId, outcome };
}

describe('task audit state', () => {
  it('a complete within the review days is 待审核 until then, 有效 after; the outcome says the same', async () => {
    const m = await newMember(ctx);
    const { rid, outcome } = await settled(m, { reviewDays: 3 });
    expect(outcome.audit).toEqual({ state: 0, reason: null, reviewUntil: ctx.now() + 3 * DAY });
    expect(await auditOfRid(m, rid)).toEqual({ state: 0, reason: null, reviewUntil: ctx.now() + 3 * DAY });
    h.clock.advance(3 * DAY + 1);
    expect(await auditOfRid(m, rid)).toEqual({ state: 1, reason: null, reviewUntil: null });
  });

  it('no review days: 有效 at once; rejected by the partner: 无效 with the reason', async () => {
    const m = await newMember(ctx);
    const { rid } = await settled(m, {});
    expect(await auditOfRid(m, rid)).toMatchObject({ state: 1 });
    await reverseParticipation(ctx, rid);
    expect(await auditOfRid(m, rid)).toEqual({ state: 2, reason: '合作方复核未通过', reviewUntil: null });
  });

  it('flagged for quality: 无效 with the reasons; other results have no audit state', async () => {
    const m = await newMember(ctx);
    const flagged = await settled(m, { reviewDays: 3, lowQualityReasons: [3] });
    expect(await auditOfRid(m, flagged.rid)).toEqual({ state: 2, reason: '逻辑错误', reviewUntil: null });
    const out = await settled(m, { joinResult: JoinResult.values.SCREENED_OUT });
    expect(out.outcome.audit).toBeNull();
    expect(await auditOfRid(m, out.rid)).toBeNull();
  });
});
