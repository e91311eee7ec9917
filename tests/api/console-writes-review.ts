/**
 * The exchange review's and feedback desk's console writes, one successful call each, for the
 * audit coverage test (console-writes.ts): each call sets up the member, exchange or ticket it needs.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { savedReplies } from '../../server/db/schema-desk';
import { staff } from '../../server/db/schema-staff';
import { takeTicket } from '../../server/modules/feedback/staff';
import type { ConsoleHarness, StaffAccount } from './console-helpers';
import type { ConsoleWrite } from './console-writes';
import { redeemOver, reviewMember, virtualReward } from './console-review-helpers';

async function pendingExchange(h: ConsoleHarness): Promise<number> {
  const reward = await virtualReward(h.ctx, 2);
  return redeemOver(h, await reviewMember(h.ctx), reward.id);
}

/** A new ticket of a new member, moved through the desk as `admin` as far as `upTo`. */
async function ticket(h: ConsoleHarness, a: StaffAccount, upTo: 'new' | 'taken' = 'new'): Promise<number> {
  const m = await reviewMember(h.ctx);
  const r = await h.call('POST', '/api/v1/feedback', {
    token: m.token,
    body: { requestKey: randomUUID(), category: 6, content: '审计覆盖测试用的一条反馈内容。', images: [] },
  });
  if (r.code !== 200) throw new Error(`feedback failed: ${r.code} ${r.msg}`);
  const id = (r.data as { id: number }).id;
  // Taken through the feedback service (as `npm run ops` does), so the only audit row is the call's own.
  if (upTo === 'taken') await takeTicket(h.ctx, id, a.login);
  return id;
}

export const reviewWrites: ConsoleWrite[] = [
  {
    op: 'approveExchange',
    call: async (h, a) =>
      (await h.admin('POST', `/api/admin/v1/exchanges/${await pendingExchange(h)}/approve`, a.token)).code,
  },
  {
    op: 'rejectExchange',
    call: async (h, a) =>
      (
        await h.admin('POST', `/api/admin/v1/exchanges/${await pendingExchange(h)}/reject`, a.token, {
          reason: '审计测试驳回',
        })
      ).code,
  },
  {
    op: 'bulkApproveExchanges',
    call: async (h, a) =>
      (
        await h.admin('POST', '/api/admin/v1/exchanges/bulk-approve', a.token, {
          ids: [await pendingExchange(h)],
          totp: h.code(a.secret),
        })
      ).code,
  },
  {
    op: 'takeTicket',
    call: async (h, a) => (await h.admin('POST', `/api/admin/v1/feedback/${await ticket(h, a)}/take`, a.token)).code,
  },
  {
    op: 'processTicket',
    call: async (h, a) =>
      (
        await h.admin('POST', `/api/admin/v1/feedback/${await ticket(h, a, 'taken')}/process`, a.token, {
          note: '核实中',
        })
      ).code,
  },
  {
    op: 'replyTicket',
    call: async (h, a) =>
      (
        await h.admin('POST', `/api/admin/v1/feedback/${await ticket(h, a, 'taken')}/reply`, a.token, {
          kind: 'answer',
          content: '已处理，请确认。',
        })
      ).code,
  },
  {
    op: 'closeTicket',
    call: async (h, a) =>
      (await h.admin('POST', `/api/admin/v1/feedback/${await ticket(h, a)}/close`, a.token, { reason: '重复提交' }))
        .code,
  },
  {
    op: 'saveReply',
    call: async (h, a) =>
      (
        await h.admin('POST', '/api/admin/v1/feedback/saved-replies', a.token, {
          title: '审计',
          content: '常用回复内容',
        })
      ).code,
  },
  {
    op: 'deleteSavedReply',
    call: async (h, a) => {
      const [me] = await h.ctx.db.select({ id: staff.id }).from(staff).where(eq(staff.login, a.login));
      const [saved] = await h.ctx.db
        .insert(savedReplies)
        .values({ title: '待删', content: '内容', staffId: me!.id })
        .returning({ id: savedReplies.id });
      const id = saved!.id;
      return (await h.admin('POST', `/api/admin/v1/feedback/saved-replies/${id}/delete`, a.token)).code;
    },
  },
];
