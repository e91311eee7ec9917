/**
 * Signed partner links (server/modules/tasks/callback.ts + signature.ts), through the HTTP API:
 * the member's return link (POST /api/v1/process/tasks/callback) and the partner's
 * server-to-server postback (GET /api/v1/partners/{code}/postback).
 *
 * Every rejection must pay nothing and leave the participation started. Status mapping:
 * 10 → complete (too short under minSeconds), 20 → screened out, 40 → quota full,
 * 30 + reason ip/dup/geo/speed → 5/6/7/4, 30 otherwise → screened out without consolation.
 * Status 90 (postback only) reverses an earlier credit with a new ledger row, once.
 *
 * Reversal of points already spent — THE RULE: the ledger never goes negative, so the reversal is
 * refused whole (postback answers accepted=false, nothing written, the participation stays
 * `posted`, a warning is logged for an operator). The partner retries; once the member's balance
 * covers the amount again, the retried reversal goes through exactly once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import { JoinResult } from '../../openapi/enums';
import { pointBalances, pointLedger } from '../../server/db/schema-points';
import { participations } from '../../server/db/schema-tasks';
import { balanceOf, credit, debit } from '../../server/modules/points/ledger';
import {
  FRESH_FUTURE_SECONDS,
  FRESH_PAST_SECONDS,
  signPath,
  withSignature,
} from '../../server/modules/tasks/signature';
import { newMember, newParticipation, newPartner, newTask, tasksHarness, type TasksHarness } from './tasks-helpers';

const R = JoinResult.values;
let h: TasksHarness;

beforeAll(async () => {
  h = await tasksHarness('tasks-signature');
});
afterAll(() => h.env.cleanup());

const nowTs = () => Math.floor(h.clock.now() / 1000);

async function setup(taskOverrides: Parameters<typeof newTask>[1] = {}) {
  const partner = await newPartner(h.ctx);
  const task = await newTask(h.ctx, { partnerId: partner.id, ...taskOverrides });
  const member = await newMember(h.ctx);
  const p = await newParticipation(h.ctx, task.id, member);
  return { partner, task, member, p, rid: p.respondentId };
}

/** `/task/back?rid&status&ts` (+ extra) signed with `secret`. */
function returnLink(
  secret: string,
  rid: string,
  status: string,
  opts: { ts?: number; extra?: string; path?: string } = {},
) {
  const base = `${opts.path ?? '/task/back'}?rid=${encodeURIComponent(rid)}&status=${status}&ts=${opts.ts ?? nowTs()}${opts.extra ?? ''}`;
  return withSignature(secret, base);
}

function postbackLink(
  code: string,
  secret: string,
  rid: string,
  status: string,
  opts: { ts?: number; extra?: string } = {},
) {
  const base = `/api/v1/partners/${code}/postback?rid=${encodeURIComponent(rid)}&status=${status}&ts=${opts.ts ?? nowTs()}${opts.extra ?? ''}`;
  return withSignature(secret, base);
}

const submit = (member: number, url: string) =>
  h.call<{ joinResult: number; points: number; pointsStatus: string }>('POST', '/api/v1/process/tasks/callback', {
    member,
    body: { url },
  });
const postback = (url: string) => h.call<{ accepted: boolean; duplicate: boolean }>('GET', url);

async function participation(rid: string) {
  const [row] = await h.ctx.db.select().from(participations).where(eq(participations.respondentId, rid));
  return row!;
}
const ledgerOf = (memberId: number) =>
  h.ctx.db.select().from(pointLedger).where(eq(pointLedger.memberId, memberId)).orderBy(pointLedger.id);

/** Nothing paid and nothing settled. */
async function expectUntouched(member: number, rid: string) {
  expect(await ledgerOf(member)).toHaveLength(0);
  expect(await balanceOf(h.ctx.db, member)).toBe(0);
  expect(await participation(rid)).toMatchObject({ status: 'started', joinResult: 0, points: 0, pointsStatus: 'none' });
}

describe('return link signature', () => {
  it('a valid signature on every return path settles and credits once', async () => {
    for (const path of [
      '/task/back',
      '/task/welcome/back',
      '/task/back/failure',
      '/cloud/agent/back',
      '/callback.php',
      '/survey/end',
    ]) {
      const { partner, member, rid } = await setup({ points: 100 });
      const r = await submit(member, returnLink(partner.secret, rid, '10', { path }));
      expect([r.code, r.data.joinResult, r.data.points, r.data.pointsStatus], path).toEqual([
        200,
        R.COMPLETE,
        100,
        'posted',
      ]);
      expect(await balanceOf(h.ctx.db, member)).toBe(100);
    }
  });

  it('refuses a path that is not a return path', async () => {
    const { partner, member, rid } = await setup();
    const r = await submit(member, returnLink(partner.secret, rid, '10', { path: '/task/go' }));
    expect(r.code).toBe(Code.CALLBACK_INVALID);
    await expectUntouched(member, rid);
  });

  it('refuses each tampered parameter, a wrong secret, sig not last, missing and duplicated params', async () => {
    const { partner, member, rid } = await setup();
    const other = await setup();
    const ts = nowTs();
    const good = returnLink(partner.secret, rid, '20', { ts });
    const sig = good.slice(good.lastIndexOf('&sig=') + 5);
    const signedWith = (base: string) => `${base}&sig=${sig}`;
    const bad: Record<string, string> = {
      'status changed': signedWith(`/task/back?rid=${rid}&status=10&ts=${ts}`),
      'ts changed': signedWith(`/task/back?rid=${rid}&status=20&ts=${ts + 1}`),
      'rid changed': signedWith(`/task/back?rid=${other.rid}&status=20&ts=${ts}`),
      'path changed': signedWith(`/survey/end?rid=${rid}&status=20&ts=${ts}`),
      'param added': signedWith(`/task/back?rid=${rid}&status=20&ts=${ts}&reason=ip`),
      'sig flipped': good.slice(0, -1) + (good.endsWith('0') ? '1' : '0'),
      'wrong secret': returnLink('not-the-secret', rid, '20', { ts }),
      "another partner's secret": returnLink(other.partner.secret, rid, '20', { ts }),
      'sig not last': `/task/back?rid=${rid}&sig=${signPath(partner.secret, `/task/back?rid=${rid}`)}&status=20&ts=${ts}`,
      'sig first': `/task/back?sig=${sig}&rid=${rid}&status=20&ts=${ts}`,
      'no sig': `/task/back?rid=${rid}&status=20&ts=${ts}`,
      'sig not hex': `/task/back?rid=${rid}&status=20&ts=${ts}&sig=${'z'.repeat(64)}`,
      'missing rid': withSignature(partner.secret, `/task/back?status=20&ts=${ts}`),
      'missing status': withSignature(partner.secret, `/task/back?rid=${rid}&ts=${ts}`),
      'missing ts': withSignature(partner.secret, `/task/back?rid=${rid}&status=20`),
      'ts not a number': withSignature(partner.secret, `/task/back?rid=${rid}&status=20&ts=soon`),
      'rid twice': withSignature(partner.secret, `/task/back?rid=${rid}&rid=${rid}&status=20&ts=${ts}`),
      'status twice': withSignature(partner.secret, `/task/back?rid=${rid}&status=20&status=10&ts=${ts}`),
      'ts twice': withSignature(partner.secret, `/task/back?rid=${rid}&status=20&ts=${ts}&ts=${ts}`),
      'reason twice': withSignature(partner.secret, `/task/back?rid=${rid}&status=30&reason=ip&reason=dup&ts=${ts}`),
      'sig twice': `${withSignature(partner.secret, `/task/back?rid=${rid}&status=20&ts=${ts}`)}&sig=${sig}`,
      'unknown status': returnLink(partner.secret, rid, '77', { ts }),
      'reversal on a return link': returnLink(partner.secret, rid, '90', { ts }),
      'not a path': `https://evil.example.com${good}`,
    };
    for (const [what, url] of Object.entries(bad)) {
      const r = await submit(member, url);
      expect(r.code, what).toBe(Code.CALLBACK_INVALID);
    }
    await expectUntouched(member, rid);
    await expectUntouched(other.member, other.rid);
    // The untampered link still works afterwards.
    expect((await submit(member, good)).data).toMatchObject({ joinResult: R.SCREENED_OUT, points: 10 });
  });

  it('refuses a stale ts (older than the freshness window) and a future ts, paying nothing', async () => {
    const { partner, member, rid } = await setup();
    const now = nowTs();
    for (const ts of [now - FRESH_PAST_SECONDS - 1, now + FRESH_FUTURE_SECONDS + 1, 0]) {
      const r = await submit(member, returnLink(partner.secret, rid, '10', { ts }));
      expect(r.code, `ts ${ts - now}`).toBe(Code.CALLBACK_EXPIRED);
    }
    await expectUntouched(member, rid);
    // The edges of the window are fresh.
    const edge = await submit(member, returnLink(partner.secret, rid, '20', { ts: now - FRESH_PAST_SECONDS }));
    expect(edge.data.joinResult).toBe(R.SCREENED_OUT);
    const b = await setup();
    const future = await submit(
      b.member,
      returnLink(b.partner.secret, b.rid, '20', { ts: now + FRESH_FUTURE_SECONDS }),
    );
    expect(future.data.joinResult).toBe(R.SCREENED_OUT);
  });

  it("refuses another member's rid (PARTICIPATION_FOREIGN) and an unknown rid", async () => {
    const { partner, member, rid } = await setup();
    const intruder = await newMember(h.ctx);
    const foreign = await submit(intruder, returnLink(partner.secret, rid, '10'));
    expect(foreign.code).toBe(Code.PARTICIPATION_FOREIGN);
    const unknown = await submit(member, returnLink(partner.secret, 'no-such-respondent-id', '10'));
    expect(unknown.code).toBe(Code.CALLBACK_INVALID);
    await expectUntouched(member, rid);
    expect(await ledgerOf(intruder)).toHaveLength(0);
    // Reading the outcome is refused to the intruder too.
    const peek = await h.call('GET', `/api/v1/process/participations/${rid}`, { member: intruder });
    expect(peek.code).toBe(Code.PARTICIPATION_FOREIGN);
  });

  it('needs a logged-in member', async () => {
    const { partner, member, rid } = await setup();
    const r = await h.call('POST', '/api/v1/process/tasks/callback', {
      body: { url: returnLink(partner.secret, rid, '10') },
    });
    expect(r.status).toBe(401);
    await expectUntouched(member, rid);
  });
});

describe('postback signature', () => {
  it('a valid postback settles and credits once', async () => {
    const { partner, member, rid } = await setup({ points: 70 });
    const r = await postback(postbackLink(partner.code, partner.secret, rid, '10'));
    expect([r.code, r.data]).toEqual([200, { accepted: true, duplicate: false }]);
    expect(await participation(rid)).toMatchObject({ joinResult: R.COMPLETE, points: 70, settledBy: 'postback' });
    expect(await balanceOf(h.ctx.db, member)).toBe(70);
  });

  it('refuses tampering, a wrong secret, another partner code, bad params, stale and future ts', async () => {
    const { partner, member, rid } = await setup();
    const other = await setup();
    const ts = nowTs();
    const base = `/api/v1/partners/${partner.code}/postback`;
    const good = postbackLink(partner.code, partner.secret, rid, '10', { ts });
    const sig = good.slice(good.lastIndexOf('&sig=') + 5);
    const invalid: Record<string, string> = {
      'status changed': `${base}?rid=${rid}&status=20&ts=${ts}&sig=${sig}`,
      'ts changed': `${base}?rid=${rid}&status=10&ts=${ts - 1}&sig=${sig}`,
      'rid changed': `${base}?rid=${other.rid}&status=10&ts=${ts}&sig=${sig}`,
      'reason added': `${base}?rid=${rid}&status=10&ts=${ts}&reason=x&sig=${sig}`,
      'wrong secret': postbackLink(partner.code, 'nope', rid, '10', { ts }),
      "other partner's code and secret": postbackLink(other.partner.code, other.partner.secret, rid, '10', { ts }),
      "other partner's code, right secret": postbackLink(other.partner.code, partner.secret, rid, '10', { ts }),
      'sig not last': `${base}?rid=${rid}&sig=${sig}&status=10&ts=${ts}`,
      'unknown rid': postbackLink(partner.code, partner.secret, 'unknown-rid-123', '10', { ts }),
      'unknown status': postbackLink(partner.code, partner.secret, rid, '11', { ts }),
    };
    for (const [what, url] of Object.entries(invalid)) {
      const r = await postback(url);
      expect(r.code, what).toBe(Code.CALLBACK_INVALID);
    }
    // Missing or duplicated parameters fail the contract's query validation before any lookup.
    const malformed: Record<string, string> = {
      'missing status': withSignature(partner.secret, `${base}?rid=${rid}&ts=${ts}`),
      'missing sig': `${base}?rid=${rid}&status=10&ts=${ts}`,
      'rid twice': withSignature(partner.secret, `${base}?rid=${rid}&rid=${rid}&status=10&ts=${ts}`),
      'status twice': withSignature(partner.secret, `${base}?rid=${rid}&status=10&status=10&ts=${ts}`),
    };
    for (const [what, url] of Object.entries(malformed)) expect((await postback(url)).status, what).toBe(400);
    for (const t of [ts - FRESH_PAST_SECONDS - 1, ts + FRESH_FUTURE_SECONDS + 1]) {
      const r = await postback(postbackLink(partner.code, partner.secret, rid, '10', { ts: t }));
      expect(r.code).toBe(Code.CALLBACK_EXPIRED);
    }
    await expectUntouched(member, rid);
    await expectUntouched(other.member, other.rid);
  });
});

describe('status mapping', () => {
  const cases: { status: string; reason?: string; result: number; points: number; what: string }[] = [
    { status: '10', result: R.COMPLETE, points: 100, what: 'complete' },
    { status: '20', result: R.SCREENED_OUT, points: 10, what: 'screened out (consolation)' },
    { status: '40', result: R.QUOTA_FULL, points: 5, what: 'quota full (consolation)' },
    { status: '30', reason: 'ip', result: R.IP_BLOCKED, points: 0, what: 'IP' },
    { status: '30', reason: 'dup', result: R.COOKIE_BLOCKED, points: 0, what: 'cookie / duplicate' },
    { status: '30', reason: 'geo', result: R.CITY_BLOCKED, points: 0, what: 'city' },
    { status: '30', reason: 'speed', result: R.TOO_SHORT, points: 0, what: 'speeder' },
    { status: '30', reason: 'quality', result: R.SCREENED_OUT, points: 0, what: 'other termination' },
    { status: '30', result: R.SCREENED_OUT, points: 0, what: 'termination without reason' },
  ];
  for (const c of cases) {
    it(`${c.status}${c.reason ? `/${c.reason}` : ''} → ${c.what} on the return link and on the postback`, async () => {
      const extra = c.reason ? `&reason=${c.reason}` : '';
      const a = await setup();
      const r = await submit(a.member, returnLink(a.partner.secret, a.rid, c.status, { extra }));
      expect([r.code, r.data.joinResult, r.data.points]).toEqual([200, c.result, c.points]);
      expect(await balanceOf(h.ctx.db, a.member)).toBe(c.points);
      const b = await setup();
      const pb = await postback(postbackLink(b.partner.code, b.partner.secret, b.rid, c.status, { extra }));
      expect(pb.data).toEqual({ accepted: true, duplicate: false });
      expect(await participation(b.rid)).toMatchObject({ joinResult: c.result, points: c.points, status: 'finished' });
      expect(await balanceOf(h.ctx.db, b.member)).toBe(c.points);
    });
  }

  it('10 faster than the task minimum is too short (4) and pays nothing', async () => {
    const { partner, member, rid } = await setup({ minSeconds: 120 });
    h.clock.advance(119_000);
    const r = await submit(member, returnLink(partner.secret, rid, '10'));
    expect([r.data.joinResult, r.data.points]).toEqual([R.TOO_SHORT, 0]);
    const b = await setup({ minSeconds: 120 });
    h.clock.advance(120_000);
    const ok = await submit(b.member, returnLink(b.partner.secret, b.rid, '10'));
    expect(ok.data.joinResult).toBe(R.COMPLETE);
  });
});

describe('too short by the signed time', () => {
  it('a speeder who holds the return link until the minimum has passed is still too short', async () => {
    const { partner, member, rid } = await setup({ minSeconds: 300 });
    h.clock.advance(40_000);
    const signedEarly = returnLink(partner.secret, rid, '10');
    h.clock.advance(600_000);
    const r = await submit(member, signedEarly);
    expect([r.data.joinResult, r.data.points]).toEqual([R.TOO_SHORT, 0]);
    const b = await setup({ minSeconds: 300 });
    h.clock.advance(40_000);
    const early = postbackLink(b.partner.code, b.partner.secret, b.rid, '10');
    h.clock.advance(600_000);
    expect((await postback(early)).data.accepted).toBe(true);
    expect(await participation(b.rid)).toMatchObject({ joinResult: R.TOO_SHORT, points: 0 });
  });
});

describe('reversal (postback status 90)', () => {
  it('writes a new reversal row, never edits the credit, and is idempotent', async () => {
    const { partner, member, rid } = await setup({ points: 100 });
    await submit(member, returnLink(partner.secret, rid, '10'));
    const [creditRow] = await ledgerOf(member);
    const rev = postbackLink(partner.code, partner.secret, rid, '90');
    expect((await postback(rev)).data).toEqual({ accepted: true, duplicate: false });
    expect((await postback(rev)).data).toEqual({ accepted: true, duplicate: true });
    h.clock.advance((FRESH_PAST_SECONDS + 60) * 1000);
    // A replay of the same reversal long after its ts still answers duplicate, not expired.
    expect((await postback(rev)).data).toEqual({ accepted: true, duplicate: true });
    expect((await postback(postbackLink(partner.code, partner.secret, rid, '90'))).data).toEqual({
      accepted: true,
      duplicate: true,
    });
    const rows = await ledgerOf(member);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(creditRow);
    expect(rows[1]).toMatchObject({ amount: -100, reason: 'reversal', reversesId: creditRow!.id, balanceAfter: 0 });
    expect(await balanceOf(h.ctx.db, member)).toBe(0);
    expect(await participation(rid)).toMatchObject({ joinResult: R.COMPLETE, pointsStatus: 'reversed' });
    // The member's outcome and records show the reversal; a late complete does not re-credit.
    const out = await h.call<{ points: number; pointsStatus: string }>('GET', `/api/v1/process/participations/${rid}`, {
      member,
    });
    expect(out.data).toMatchObject({ points: 0, pointsStatus: 'reversed' });
    expect((await postback(postbackLink(partner.code, partner.secret, rid, '10'))).data.duplicate).toBe(true);
    expect(await balanceOf(h.ctx.db, member)).toBe(0);
  });

  it('a reversal before any result, or of a result that paid nothing, is not accepted and writes nothing', async () => {
    const a = await setup();
    expect((await postback(postbackLink(a.partner.code, a.partner.secret, a.rid, '90'))).data).toEqual({
      accepted: false,
      duplicate: false,
    });
    await expectUntouched(a.member, a.rid);
    const b = await setup();
    await submit(b.member, returnLink(b.partner.secret, b.rid, '30', { extra: '&reason=ip' }));
    expect((await postback(postbackLink(b.partner.code, b.partner.secret, b.rid, '90'))).data.accepted).toBe(false);
    expect(await ledgerOf(b.member)).toHaveLength(0);
  });

  it('a forged or stale reversal changes nothing', async () => {
    const { partner, member, rid } = await setup({ points: 50 });
    await submit(member, returnLink(partner.secret, rid, '10'));
    expect((await postback(postbackLink(partner.code, 'forged', rid, '90'))).code).toBe(Code.CALLBACK_INVALID);
    const stale = postbackLink(partner.code, partner.secret, rid, '90', { ts: nowTs() - FRESH_PAST_SECONDS - 1 });
    expect((await postback(stale)).code).toBe(Code.CALLBACK_EXPIRED);
    expect(await balanceOf(h.ctx.db, member)).toBe(50);
  });

  it('points already spent: refused whole, never negative; the retried reversal goes through once covered', async () => {
    const { partner, member, rid } = await setup({ points: 100 });
    await submit(member, returnLink(partner.secret, rid, '10'));
    await debit(h.ctx, {
      memberId: member,
      amount: 80,
      reason: 'exchange',
      source: '话费',
      idempotencyKey: `spend:${rid}`,
    });
    const rev = () => postback(postbackLink(partner.code, partner.secret, rid, '90'));
    expect((await rev()).data).toEqual({ accepted: false, duplicate: false });
    expect(await balanceOf(h.ctx.db, member)).toBe(20);
    expect((await ledgerOf(member)).map((r) => r.amount)).toEqual([100, -80]);
    expect(await participation(rid)).toMatchObject({ pointsStatus: 'posted', points: 100 });
    expect(h.env.logs.some((l) => l.msg === 'reversal refused: points already spent' && l.rid === rid)).toBe(true);
    // The member earns again; the partner's retry now reverses exactly once.
    await credit(h.ctx, {
      memberId: member,
      amount: 90,
      reason: 'checkin',
      source: '签到',
      idempotencyKey: `earn:${rid}`,
    });
    expect((await rev()).data).toEqual({ accepted: true, duplicate: false });
    expect((await rev()).data).toEqual({ accepted: true, duplicate: true });
    expect((await ledgerOf(member)).map((r) => r.amount)).toEqual([100, -80, 90, -100]);
    const [bal] = await h.ctx.db.select().from(pointBalances).where(eq(pointBalances.memberId, member));
    expect(bal!.balance).toBe(10);
  });
});
