/**
 * Prize trials racing on real PostgreSQL (PGlite has one connection and cannot race): 12 draws of
 * one trial at once — 6 by `npm run ops -- prize draw` and 6 by the server's round (`drawDue`) —
 * draw it once, every caller reporting the same winners and each winner told once; then 50
 * concurrent report submissions by the one winner credit the report points once; balances equal
 * ledger sums throughout.
 */
import { eq, inArray, like, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../scripts/ops';
import { messages } from '../../server/db/schema-content';
import { pointLedger } from '../../server/db/schema-points';
import { prizeApplications } from '../../server/db/schema-prize';
import { DAY_MS } from '../../server/kernel/time';
import { balanceOf } from '../../server/modules/points/ledger';
import { addTrial, drawDue, drawTrial } from '../../server/modules/prize/service';
import { reportCreditKey, shipTrial } from '../../server/modules/prize/winners';
import { saveAddress } from './exchange-helpers';
import { runOpsIn } from './ops-helpers';
import { goodAnswers, newPoll } from './polls-helpers';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('prize-race.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

let h: TasksHarness;
beforeAll(async () => {
  h = await tasksHarness('prize-race');
  expect(h.ctx.driver).toBe('postgres');
});
afterAll(() => h.env.cleanup());

async function ledgerSum(memberId: number) {
  const [row] = await h.ctx.db
    .select({ s: sum(pointLedger.amount).mapWith(Number) })
    .from(pointLedger)
    .where(eq(pointLedger.memberId, memberId));
  return row?.s ?? 0;
}

describe('prize trials on PostgreSQL', () => {
  it('12 concurrent draws (ops and the round) draw once with the same winners; 50 reports credit once', async () => {
    const ctx = h.ctx;
    const poll = await newPoll(ctx, { title: '试用报告' });
    const t = await addTrial(ctx, {
      title: '竞速试用',
      summary: '',
      images: [],
      units: 3,
      opensAt: ctx.now() - 1000,
      closesAt: ctx.now() + DAY_MS,
      reportPollId: poll.id,
      reportPoints: 150,
    });
    const ms: number[] = [];
    for (let i = 0; i < 10; i++) ms.push(await newMember(ctx));
    const applied = await Promise.all(ms.map((m) => h.call('POST', `/api/v1/prizes/${t.id}/apply`, { member: m })));
    expect(applied.map((a) => a.code)).toEqual(Array(10).fill(200));
    h.clock.advance(DAY_MS + 1000);

    const [opsRuns, rounds] = await Promise.all([
      Promise.all(
        Array.from({ length: 6 }, () => runOpsIn(ctx, ['prize', 'draw', String(t.id)], { user: '运营小李' })),
      ),
      Promise.all(Array.from({ length: 6 }, () => drawDue(ctx))),
    ]);
    expect(opsRuns.map((r) => r.code)).toEqual(Array(6).fill(EXIT.OK));
    const drewByOps = opsRuns.filter((r) => r.out.includes('已开奖：')).length;
    const drewByRound = rounds.reduce((a, b) => a + b, 0);
    expect(drewByOps + drewByRound).toBe(1);

    const winners = (await drawTrial(ctx, t.id)).winners.sort((a, b) => a - b);
    expect(winners).toHaveLength(3);
    // The ops run that drew (if it was one) printed these winners; the others found it drawn.
    const drawing = opsRuns.find((r) => r.out.includes('已开奖：'));
    if (drawing) {
      const printed = /申请编号 ([\d, ]+)）/.exec(drawing.out)![1]!.split(', ').map(Number);
      expect(printed.sort((a, b) => a - b)).toEqual(winners);
    }
    for (const r of opsRuns) if (r !== drawing) expect(r.out).toContain('之前已开奖');
    const rows = await ctx.db.select().from(prizeApplications).where(eq(prizeApplications.trialId, t.id));
    expect(
      rows
        .filter((r) => r.won)
        .map((r) => r.id)
        .sort((a, b) => a - b),
    ).toEqual(winners);
    expect(rows.every((r) => r.digest !== null && r.won !== null)).toBe(true);
    const told = await ctx.db.select().from(messages).where(like(messages.eventKey, 'prize.won:%'));
    expect(told.filter((m) => winners.includes(Number(m.eventKey!.split(':')[1])))).toHaveLength(3);

    // The first winner reports back 50 times at once.
    const app = rows.find((r) => r.id === winners[0])!;
    await saveAddress(ctx, app.memberId);
    expect((await h.call('POST', `/api/v1/prizes/${t.id}/ship-to`, { member: app.memberId })).code).toBe(200);
    expect((await shipTrial(ctx, t.id, [app.id])).shipped).toEqual([app.id]);
    const reports = await Promise.all(
      Array.from({ length: 50 }, () =>
        h.call<{ points: number; replayed: boolean }>('POST', `/api/v1/prizes/${t.id}/report`, {
          member: app.memberId,
          body: { answers: goodAnswers() },
        }),
      ),
    );
    expect(reports.map((r) => r.code)).toEqual(Array(50).fill(200));
    expect(reports.filter((r) => !r.data.replayed)).toHaveLength(1);
    expect(reports.every((r) => r.data.points === 150)).toBe(true);
    const credits = await ctx.db
      .select()
      .from(pointLedger)
      .where(eq(pointLedger.idempotencyKey, reportCreditKey(app.id)));
    expect(credits.map((c) => c.amount)).toEqual([150]);
    expect(await balanceOf(ctx.db, app.memberId)).toBe(150);
    for (const m of ms) expect(await ledgerSum(m)).toBe(await balanceOf(ctx.db, m));
    const reported = await ctx.db
      .select()
      .from(messages)
      .where(inArray(messages.eventKey, [`prize.report:${app.id}`]));
    expect(reported).toHaveLength(1);
  });
});
