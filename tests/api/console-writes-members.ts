/**
 * The member pages' console writes, one successful call each, for the audit coverage test
 * (console-writes.ts). Each call makes the member it acts on.
 */
import { FOUR_EYES_DEFAULT_THRESHOLD } from '../../openapi/rules/staff';
import { balanceAdjustments } from '../../server/db/schema-console';
import { createStaffAccount } from '../../server/modules/staff/accounts';
import { freshMobile } from './accounts-helpers';
import type { ConsoleHarness, StaffAccount } from './console-helpers';
import type { ConsoleWrite } from './console-writes';

const M = '/api/admin/v1/members';
const newMemberId = async (h: ConsoleHarness) => (await h.register(freshMobile())).member.id;

let requesters = 0;

/**
 * A pending adjustment requested by another finance account (the admin may not decide its own),
 * written straight to the table so that the call under test leaves the only audit row.
 */
async function pendingAdjustment(h: ConsoleHarness): Promise<number> {
  const other = await createStaffAccount(h.ctx, { login: `audit.fin${++requesters}`, name: `财务${requesters}`, roles: ['finance'] });
  const [row] = await h.ctx.db
    .insert(balanceAdjustments)
    .values({
      memberId: await newMemberId(h),
      amount: FOUR_EYES_DEFAULT_THRESHOLD + 1,
      reason: '大额补发',
      requestedBy: other.staff.id,
    })
    .returning({ id: balanceAdjustments.id });
  return row!.id;
}

const withTotp = (h: ConsoleHarness, a: StaffAccount, body: Record<string, unknown>) => ({ ...body, totp: h.code(a.secret) });

export const memberWrites: ConsoleWrite[] = [
  {
    op: 'revealMemberContact',
    call: async (h, a) => (await h.admin('POST', `${M}/${await newMemberId(h)}/reveal`, a.token, { reason: '来电核实' })).code,
  },
  {
    op: 'freezeMember',
    call: async (h, a) => (await h.admin('POST', `${M}/${await newMemberId(h)}/freeze`, a.token, { reason: '刷邀请奖励' })).code,
  },
  {
    op: 'unfreezeMember',
    call: async (h, a) => (await h.admin('POST', `${M}/${await newMemberId(h)}/unfreeze`, a.token, { reason: '申诉通过' })).code,
  },
  {
    op: 'endMemberSessions',
    call: async (h, a) => (await h.admin('POST', `${M}/${await newMemberId(h)}/end-sessions`, a.token, { reason: '手机丢失' })).code,
  },
  {
    op: 'messageMember',
    call: async (h, a) =>
      (await h.admin('POST', `${M}/${await newMemberId(h)}/message`, a.token, { title: '客服消息', content: '你好' })).code,
  },
  {
    op: 'requestAdjustment',
    call: async (h, a) =>
      (await h.admin('POST', `${M}/${await newMemberId(h)}/adjustments`, a.token, withTotp(h, a, { amount: 100, reason: '补发' }))).code,
  },
  {
    op: 'approveAdjustment',
    call: async (h, a) =>
      (await h.admin('POST', `/api/admin/v1/adjustments/${await pendingAdjustment(h)}/approve`, a.token, withTotp(h, a, {}))).code,
  },
  {
    op: 'rejectAdjustment',
    call: async (h, a) =>
      (await h.admin('POST', `/api/admin/v1/adjustments/${await pendingAdjustment(h)}/reject`, a.token, withTotp(h, a, { reason: '依据不足' })))
        .code,
  },
];
