/**
 * Message races on real PostgreSQL (PGlite has one connection and cannot race): one event replayed
 * concurrently writes one message and lets every transaction commit; concurrent refunds of one
 * exchange and concurrent copies of one postback each write one message; a member reading all at
 * once from many tabs gets one read row per broadcast.
 */
import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { messageInbox, messages } from '../../server/db/schema-content';
import { pointLedger } from '../../server/db/schema-points';
import { applyAction } from '../../server/modules/exchange/lifecycle';
import { redeem } from '../../server/modules/exchange/redeem';
import { welcomeMessage } from '../../server/modules/messages/events';
import { unreadMessages } from '../../server/modules/messages/inbox';
import { postEventMessage, sendMessage } from '../../server/modules/messages/send';
import { withSignature } from '../../server/modules/tasks/signature';
import { createTestEnv, envelopeOf } from './helpers';
import { newMember, newReward, saveAddress } from './exchange-helpers';
import { newPartner, newTask } from './tasks-helpers';

if (!process.env.DATABASE_URL) throw new Error('messages.pg.test.ts needs DATABASE_URL (a real PostgreSQL)');

const env = createTestEnv('messages-race');
let app: FastifyInstance;
let ctx: AppContext;

beforeAll(async () => {
  app = await env.build({ seedDemo: false });
  ctx = (app as unknown as { ctx: AppContext }).ctx;
  expect(ctx.driver).toBe('postgres');
});
afterAll(() => env.cleanup());

const N = 24;

const messagesKeyed = (prefix: string) =>
  ctx.db
    .select({ id: messages.id, key: messages.eventKey, memberId: messageInbox.memberId })
    .from(messages)
    .leftJoin(messageInbox, eq(messageInbox.messageId, messages.id))
    .where(like(messages.eventKey, `${prefix}%`));

describe('message races on PostgreSQL', () => {
  it(`one event written by ${N} concurrent transactions: one message, one inbox row, every transaction commits`, async () => {
    const m = await newMember(ctx);
    const event = { ...welcomeMessage(m.id), eventKey: `race:${randomBytes(6).toString('hex')}` };
    const outcomes = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        ctx.db.transaction(async (tx) => {
          const wrote = await postEventMessage(tx, m.id, event);
          // Work after the conflict: the transaction was not aborted by it.
          await postEventMessage(tx, m.id, { ...event, eventKey: `${event.eventKey}:after:${i}` });
          return wrote;
        }),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const written = await messagesKeyed(event.eventKey);
    expect(written.filter((r) => !r.key?.includes(':after:'))).toEqual([
      { id: expect.any(Number), key: event.eventKey, memberId: m.id },
    ]);
    expect(written.filter((r) => r.key?.includes(':after:'))).toHaveLength(N);
  });

  it(`${N} operators refunding one exchange at once: one refund, one message`, async () => {
    const m = await newMember(ctx, 1000);
    await saveAddress(ctx, m.id);
    const reward = await newReward(ctx, { pointsCost: 300, stock: 10 });
    const { exchange } = await redeem(ctx, m.id, { rewardId: reward.id, requestKey: randomBytes(8).toString('hex') });
    const results = await Promise.allSettled(
      Array.from({ length: N }, (_, i) =>
        applyAction(ctx, exchange.id, 'revoke', { actor: { type: 'operator', name: `ops${i}` }, reason: '重复下单' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await messagesKeyed(`exchange.revoked:${exchange.id}`)).toHaveLength(1);
    expect(await unreadMessages(ctx.db, m.id)).toBe(1);
  });

  it(`the same postback ${N}× at once: one credit, one message`, async () => {
    const partner = await newPartner(ctx);
    const task = await newTask(ctx, { partnerId: partner.id, points: 120 });
    const m = await newMember(ctx);
    const start = envelopeOf(
      await app.inject({
        method: 'POST',
        url: `/api/v1/process/tasks/${task.hashId}/start`,
        headers: { authorization: `Bearer ${m.token}` },
      }),
    );
    expect(start.code).toBe(200);
    const rid = (start.data as { respondentId: string }).respondentId;
    const url = withSignature(
      partner.secret,
      `/api/v1/partners/${partner.code}/postback?rid=${encodeURIComponent(rid)}&status=10&ts=${Math.floor(Date.now() / 1000)}`,
    );
    const answers = await Promise.all(Array.from({ length: N }, () => app.inject({ method: 'GET', url })));
    expect(answers.map((a) => envelopeOf(a).code)).toEqual(Array(N).fill(200));
    expect(
      await ctx.db
        .select()
        .from(pointLedger)
        .where(eq(pointLedger.idempotencyKey, `task:${rid}`)),
    ).toHaveLength(1);
    expect(await messagesKeyed(`task.credited:${rid}`)).toEqual([
      { id: expect.any(Number), key: `task.credited:${rid}`, memberId: m.id },
    ]);
  });

  it(`one member reading everything from ${N} tabs at once: one read row per broadcast, nothing unread`, async () => {
    const m = await newMember(ctx);
    await new Promise((r) => setTimeout(r, 5));
    const sent = [];
    for (let i = 0; i < 3; i++)
      sent.push(await sendMessage(ctx, { kind: 'all' }, { title: `广播 ${i}`, content: '内容' }));
    await sendMessage(ctx, { kind: 'member', memberId: m.id }, { title: '私信', content: '内容' });
    expect(await unreadMessages(ctx.db, m.id)).toBe(4);
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/messages/read',
          headers: { authorization: `Bearer ${m.token}` },
          payload: { all: true },
        }),
      ),
    );
    expect(answers.map((a) => envelopeOf(a))).toEqual(Array(N).fill({ code: 200, msg: '成功', data: { unread: 0 } }));
    for (const s of sent) {
      const rows = await ctx.db.select().from(messageInbox).where(eq(messageInbox.messageId, s.id));
      expect(rows.filter((r) => r.memberId === m.id)).toHaveLength(1);
    }
  });
});
