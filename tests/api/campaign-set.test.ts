/**
 * `npm run ops -- campaign set`: an operator changes a campaign's title, theme, path or dates after
 * creating it. Before it starts anything goes (end after start); once members have earned chances
 * in it, the part already past must stay inside its dates (campaigns.ts datesRefusal): a refused
 * change names why and writes nothing, and the member's chances stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinResult } from '../../openapi/enums';
import { EXIT } from '../../scripts/ops';
import type { AppContext } from '../../server/context';
import { addCampaign } from '../../server/modules/campaign/campaigns';
import { runOpsIn } from './ops-helpers';
import { DAY } from './rewards-helpers';
import { newMember, newParticipation, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;
let running: number;
let member: number;

const HOUR = 3_600_000;
/** A Beijing wall-clock time as operators type it, `YYYY-MM-DD HH:mm` (minutes, rounded down). */
const beijing = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;

const ops = (...argv: string[]) => runOpsIn(ctx, argv, { user: '运营小李' });
type View = {
  title: string;
  theme: string;
  phase: string;
  startsAt: number;
  endsAt: number;
  chances: { earned: number; left: number } | null;
};
const view = (slug: string) => h.call<View>('GET', `/api/v1/campaigns/${slug}`, { member });

beforeAll(async () => {
  h = await tasksHarness('campaign-set');
  ctx = h.ctx;
  const now = ctx.now();
  running = (
    await addCampaign(ctx, {
      slug: 'xmas',
      title: '圣诞狂欢季',
      theme: 'christmas',
      startsAt: minute(now - 2 * DAY),
      endsAt: minute(now + 5 * DAY),
    })
  ).id;
  await addCampaign(ctx, {
    slug: 'spring',
    title: '春节',
    theme: 'spring',
    startsAt: minute(now + 3 * DAY),
    endsAt: minute(now + 6 * DAY),
  });
  // One chance earned an hour ago: a task completed inside the running campaign's dates.
  member = await newMember(ctx);
  const task = await newTask(ctx, { title: '圣诞任务' });
  await newParticipation(ctx, task.id, member, {
    status: 'finished',
    joinResult: JoinResult.values.COMPLETE,
    finishedAt: new Date(now - HOUR),
  });
});
afterAll(() => h.env.cleanup());

describe('campaign set', () => {
  it('an upcoming campaign: title, theme and both dates change; end before start is refused, nothing written', async () => {
    const now = ctx.now();
    const set = await ops(
      'campaign',
      'set',
      'spring',
      '--title',
      '新春集福',
      '--theme',
      'plain',
      '--start',
      beijing(now + 10 * DAY),
      '--end',
      beijing(now + 12 * DAY),
    );
    expect(set.code).toBe(EXIT.OK);
    expect(set.out).toContain('已修改活动');
    expect((await view('spring')).data).toMatchObject({
      title: '新春集福',
      theme: 'plain',
      phase: 'upcoming',
      startsAt: minute(now + 10 * DAY),
      endsAt: minute(now + 12 * DAY),
    });
    const bad = await ops('campaign', 'set', 'spring', '--end', beijing(now + 9 * DAY));
    expect(bad.code).toBe(EXIT.REFUSED);
    expect(bad.err).toContain('结束时间应晚于开始时间');
    expect((await view('spring')).data.endsAt).toBe(minute(now + 12 * DAY));
    // Bad input is a usage error, as for add.
    expect((await ops('campaign', 'set', 'spring', '--start', 'tomorrow')).code).toBe(EXIT.USAGE);
    expect((await ops('campaign', 'set', 'spring', '--theme', 'summer')).code).toBe(EXIT.USAGE);
    expect((await ops('campaign', 'set', '999999', '--title', 'x')).code).toBe(EXIT.REFUSED);
  });

  it('a running campaign: the start cannot move later (not into the future), the end not before now', async () => {
    const now = ctx.now();
    const before = (await view('xmas')).data;
    expect(before.chances).toMatchObject({ earned: 1, left: 1 });

    const later = await ops('campaign', 'set', String(running), '--start', beijing(now + DAY));
    expect(later.code).toBe(EXIT.REFUSED);
    expect(later.err).toContain('开始时间只能提前、不能推后');
    // Later but still in the past is refused too: the task done an hour ago would stop counting.
    expect((await ops('campaign', 'set', 'xmas', '--start', beijing(now - 30 * 60_000))).code).toBe(EXIT.REFUSED);
    const early = await ops('campaign', 'set', 'xmas', '--end', beijing(now - 2 * HOUR));
    expect(early.code).toBe(EXIT.REFUSED);
    expect(early.err).toContain('结束时间最早只能改到现在');

    const after = (await view('xmas')).data;
    expect(after).toMatchObject({ phase: 'running', startsAt: before.startsAt, endsAt: before.endsAt });
    expect(after.chances).toMatchObject({ earned: 1, left: 1 });

    // Widening is allowed: an earlier start, a later end.
    expect((await ops('campaign', 'set', 'xmas', '--start', beijing(now - 3 * DAY))).code).toBe(EXIT.OK);
    expect((await ops('campaign', 'set', 'xmas', '--end', beijing(now + 20 * DAY))).code).toBe(EXIT.OK);
    expect((await view('xmas')).data).toMatchObject({
      startsAt: minute(now - 3 * DAY),
      endsAt: minute(now + 20 * DAY),
    });
  });

  it('ending now, then reopening; an ended campaign cannot be shortened; the path moves for next year', async () => {
    const ended = await ops('campaign', 'set', 'xmas', '--end', 'now');
    expect(ended.code).toBe(EXIT.OK);
    const closed = (await view('xmas')).data;
    expect(closed.phase).toBe('ended');
    expect(closed.chances).toMatchObject({ earned: 1 });
    h.clock.advance(DAY);
    const shorter = await ops('campaign', 'set', 'xmas', '--end', beijing(closed.endsAt - HOUR));
    expect(shorter.code).toBe(EXIT.REFUSED);
    expect(shorter.err).toContain('活动已结束，结束时间只能延后');

    // Next year's Christmas takes the page: the old one moves to another path with its records.
    expect((await ops('campaign', 'set', 'xmas', '--slug', 'spring')).err).toContain('已被活动');
    expect((await ops('campaign', 'set', 'xmas', '--slug', 'Xmas 2030')).code).toBe(EXIT.REFUSED);
    expect((await ops('campaign', 'set', 'xmas', '--slug', 'xmas-2030')).code).toBe(EXIT.OK);
    expect((await view('xmas-2030')).data).toMatchObject({ phase: 'ended', chances: { earned: 1 } });
    expect((await view('xmas')).code).not.toBe(200);

    // Reopened: the end moves later again and the chance is there to draw.
    expect((await ops('campaign', 'set', 'xmas-2030', '--end', beijing(ctx.now() + DAY))).code).toBe(EXIT.OK);
    expect((await view('xmas-2030')).data).toMatchObject({ phase: 'running', chances: { earned: 1, left: 1 } });
  });
});
