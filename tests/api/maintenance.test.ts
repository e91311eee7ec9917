/**
 * The maintenance switch at runtime (server/modules/site): an operator turns it on without a
 * restart and every API call answers 10014 (HTTP 503) — except the status the maintenance page
 * polls, a partner's postback and a member's return from a survey, which must not lose a complete —
 * and off again, and the MAINTENANCE setting forces it on whatever the switch says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import type { AppContext } from '../../server/context';
import { setMaintenance } from '../../server/modules/site/service';
import { newMember, tasksHarness, type TasksHarness } from './tasks-helpers';

let h: TasksHarness;
let ctx: AppContext;
beforeAll(async () => {
  h = await tasksHarness('maintenance');
  ctx = h.ctx;
});
afterAll(() => h.env.cleanup());

const status = () => h.call<{ maintenance: boolean; message: string | null }>('GET', '/api/v1/site/status');

describe('maintenance at runtime', () => {
  it('on: member and visitor calls answer 10014; the status says so with the note; off: back at once', async () => {
    const m = await newMember(ctx);
    expect((await h.call('GET', '/api/v1/points', { member: m })).code).toBe(200);
    expect((await status()).data).toEqual({ maintenance: false, message: null });

    await setMaintenance(ctx, { on: true, message: '预计 23:00 恢复', by: 'ops' });
    for (const [url, member] of [
      ['/api/v1/points', m],
      ['/api/v1/tasks', m],
      ['/api/v1/auth/rsa-key', undefined],
    ] as const) {
      const r = await h.call('GET', url, { member });
      expect([r.status, r.code]).toEqual([503, Code.MAINTENANCE]);
    }
    expect((await status()).data).toEqual({ maintenance: true, message: '预计 23:00 恢复' });
    // A partner's postback and a member's signed return still reach their handlers (here: refused
    // for a bad signature, not for maintenance).
    const postback = await h.call('GET', '/api/v1/partners/nobody/postback?rid=x&status=1&ts=1&sig=00');
    expect(postback.code).not.toBe(Code.MAINTENANCE);
    const back = await h.call('GET', '/api/v1/process/tasks/callback?rid=x&status=1&ts=1&sig=00');
    expect(back.code).not.toBe(Code.MAINTENANCE);

    await setMaintenance(ctx, { on: false, by: 'ops' });
    expect((await status()).data).toEqual({ maintenance: false, message: null });
    expect((await h.call('GET', '/api/v1/points', { member: m })).code).toBe(200);
  });

  it('the MAINTENANCE setting keeps the site down whatever the switch says', async () => {
    await h.rebuild({ maintenance: true });
    await setMaintenance(h.ctx, { on: false, by: 'ops' });
    expect((await status()).data).toMatchObject({ maintenance: true });
    expect((await h.call('GET', '/api/v1/auth/rsa-key')).code).toBe(Code.MAINTENANCE);
    await h.rebuild({});
    expect((await status()).data).toMatchObject({ maintenance: false });
  });
});
