/**
 * Over HTTP: GET /v1/home/check — what /home prompts on load. Each flag follows its own condition
 * (questionnaire, mobile, today's check-in, unread notices, unread messages, a screen message to
 * show) and only ever the caller's state: another member's doings never flip it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { members } from '../../server/db/schema';
import { messageInbox, messages, screenMessageSeen, screenMessages } from '../../server/db/tables';
import { startSession } from '../../server/modules/auth/tokens';
import { publishNotice, withdrawNotice } from '../../server/modules/notices/admin';
import { harness, type Harness } from './accounts-helpers';
import { newMember, refreshToken, type TestMember } from './exchange-helpers';
import { COMPLETE_BASIC_SURVEY } from './polls-helpers';
import { eq } from 'drizzle-orm';

const HOUR = 3_600_000;
let h: Harness;
const ctx = () => (h.app as unknown as { ctx: AppContext }).ctx;

type Check = {
  basicSurveyDone: boolean;
  mobileBound: boolean;
  checkedInToday: boolean;
  unreadNotices: number;
  newMessage: boolean;
  hasScreenMessage: boolean;
};

async function check(m: TestMember): Promise<Check> {
  const r = await h.call('GET', '/api/v1/home/check', { token: m.token });
  expect([r.status, r.code]).toEqual([200, 200]);
  return r.data as Check;
}

const NOTHING_DONE: Check = {
  basicSurveyDone: false,
  mobileBound: true,
  checkedInToday: false,
  unreadNotices: 0,
  newMessage: false,
  hasScreenMessage: false,
};

let a: TestMember;
let b: TestMember;

beforeAll(async () => {
  h = await harness('home-check');
  a = await newMember(ctx());
  b = await newMember(ctx());
});
afterAll(() => h.env.cleanup());

describe('GET /v1/home/check', () => {
  it('needs a login', async () => {
    expect((await h.call('GET', '/api/v1/home/check')).status).toBe(401);
  });

  it('a new member: nothing done yet, nothing to read', async () => {
    expect(await check(a)).toEqual(NOTHING_DONE);
  });

  it('basicSurveyDone once the member completes the personal questionnaire', async () => {
    const r = await h.call('POST', '/api/v1/users/survey/basic', {
      token: a.token,
      body: { answers: COMPLETE_BASIC_SURVEY },
    });
    expect(r.code).toBe(200);
    expect((await check(a)).basicSurveyDone).toBe(true);
    expect((await check(b)).basicSurveyDone).toBe(false);
  });

  it('mobileBound is false for a member without a mobile (a social-only account)', async () => {
    const code = randomBytes(4).toString('hex').toUpperCase();
    const [row] = await ctx()
      .db.insert(members)
      .values({ mobile: null, nickname: `微信用户${code}`, memberCode: code, inviteCode: `S${code}` })
      .returning({ id: members.id });
    const social = { id: row!.id, mobile: '', token: (await startSession(ctx(), row!.id)).token };
    expect(await check(social)).toEqual({ ...NOTHING_DONE, mobileBound: false });
  });

  it('checkedInToday after today’s check-in, and again false on the next Beijing day', async () => {
    expect((await h.call('POST', '/api/v1/users/checkin', { token: a.token })).code).toBe(200);
    expect((await check(a)).checkedInToday).toBe(true);
    expect((await check(b)).checkedInToday).toBe(false);
    h.clock.advance(24 * HOUR);
    await refreshToken(ctx(), a);
    await refreshToken(ctx(), b);
    expect((await check(a)).checkedInToday).toBe(false);
  });

  it('unreadNotices counts the published notices the member has not read', async () => {
    const now = h.clock.now();
    const one = await publishNotice(ctx(), { title: '公告一', content: '<p>一</p>' });
    const two = await publishNotice(ctx(), { title: '公告二', content: '<p>二</p>' });
    await publishNotice(ctx(), { title: '明天的公告', content: '<p>三</p>', publishAt: now + 24 * HOUR });
    expect((await check(a)).unreadNotices).toBe(2);
    await h.call('GET', `/api/v1/notices/${one.id}`, { token: a.token });
    expect((await check(a)).unreadNotices).toBe(1);
    expect((await check(b)).unreadNotices).toBe(2);
    await withdrawNotice(ctx(), two.id);
    expect((await check(a)).unreadNotices).toBe(0);
    expect((await check(b)).unreadNotices).toBe(1);
  });

  it('newMessage while the member has an unread message of their own or a broadcast', async () => {
    const db = ctx().db;
    const at = new Date(h.clock.now());
    const [own] = await db
      .insert(messages)
      .values({ audience: 'member', title: '兑换已发放', createdAt: at })
      .returning({ id: messages.id });
    await db.insert(messageInbox).values({ messageId: own!.id, memberId: a.id });
    expect((await check(a)).newMessage).toBe(true);
    expect((await check(b)).newMessage).toBe(false);
    await db.update(messageInbox).set({ readAt: at }).where(eq(messageInbox.messageId, own!.id));
    expect((await check(a)).newMessage).toBe(false);

    const [all] = await db
      .insert(messages)
      .values({ audience: 'all', title: '全站通知', createdAt: at })
      .returning({ id: messages.id });
    expect((await check(a)).newMessage).toBe(true);
    expect((await check(b)).newMessage).toBe(true);
    await db.insert(messageInbox).values({ messageId: all!.id, memberId: b.id, readAt: at });
    expect((await check(b)).newMessage).toBe(false);
    expect((await check(a)).newMessage).toBe(true);
  });

  it('hasScreenMessage while a screen message is open that the member has not seen', async () => {
    const db = ctx().db;
    const now = h.clock.now();
    const [later] = await db
      .insert(screenMessages)
      .values({ title: '明天的弹屏', startAt: new Date(now + HOUR), endAt: new Date(now + 48 * HOUR) })
      .returning({ id: screenMessages.id });
    expect((await check(a)).hasScreenMessage).toBe(false);
    const [open] = await db
      .insert(screenMessages)
      .values({ title: '双十一活动', startAt: new Date(now - HOUR), endAt: new Date(now + 24 * HOUR) })
      .returning({ id: screenMessages.id });
    expect((await check(a)).hasScreenMessage).toBe(true);
    await db.insert(screenMessageSeen).values({ screenMessageId: open!.id, memberId: a.id });
    expect((await check(a)).hasScreenMessage).toBe(false);
    expect((await check(b)).hasScreenMessage).toBe(true);
    await db
      .update(screenMessages)
      .set({ withdrawnAt: new Date(now) })
      .where(eq(screenMessages.id, open!.id));
    expect((await check(b)).hasScreenMessage).toBe(false);
    // The one that was not yet open is, once its start comes.
    h.clock.advance(2 * HOUR);
    await refreshToken(ctx(), a);
    await refreshToken(ctx(), b);
    expect((await check(a)).hasScreenMessage).toBe(true);
    await db.insert(screenMessageSeen).values({ screenMessageId: later!.id, memberId: a.id });
    expect((await check(a)).hasScreenMessage).toBe(false);
    expect((await check(b)).hasScreenMessage).toBe(true);
  });
});
