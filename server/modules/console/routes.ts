import {
  approveAdjustment,
  endMemberSessions,
  freezeMember,
  getMember360,
  getMemberLedger,
  listAdjustments,
  messageMember,
  rejectAdjustment,
  requestAdjustment,
  revealMemberContact,
  searchMembers,
  unfreezeMember,
} from '../../../openapi/operations/adminMembers';
import { handle } from '../../http/handle';
import * as adjustments from './adjustments';
import { endSessions, freeze, member360, memberById, memberLedger, messageOne, revealContact, searchMembers as search, unfreeze } from './members';

export const routes = [
  handle(searchMembers, async ({ query, ctx }) => search(ctx.db, query)),
  handle(getMember360, async ({ params, ctx }) => member360(ctx, params.id)),
  handle(getMemberLedger, async ({ params, query, ctx }) => {
    await memberById(ctx.db, params.id);
    return memberLedger(ctx.db, params.id, query);
  }),
  handle(revealMemberContact, async ({ params, body, ctx, audit }) => {
    const { contact, revealed } = await revealContact(ctx.db, params.id);
    // Which fields were shown, never their values.
    Object.assign(audit, { targetType: 'member', targetId: params.id, before: null, after: { revealed }, reason: body.reason });
    return contact;
  }),
  handle(freezeMember, async ({ params, body, ctx, audit }) => {
    const change = await freeze(ctx, params.id, body.reason);
    Object.assign(audit, {
      targetType: 'member',
      targetId: params.id,
      before: change.before,
      after: { ...change.after, sessionsEnded: change.state.sessionsEnded },
      reason: body.reason,
    });
    return change.state;
  }),
  handle(unfreezeMember, async ({ params, body, ctx, audit }) => {
    const change = await unfreeze(ctx, params.id);
    Object.assign(audit, { targetType: 'member', targetId: params.id, before: change.before, after: change.after, reason: body.reason });
    return change.state;
  }),
  handle(endMemberSessions, async ({ params, body, ctx, audit }) => {
    const state = await endSessions(ctx, params.id, 'staff');
    Object.assign(audit, {
      targetType: 'member',
      targetId: params.id,
      before: { liveSessions: state.sessionsEnded },
      after: { liveSessions: 0 },
      reason: body.reason,
    });
    return state;
  }),
  handle(messageMember, async ({ params, body, ctx, audit }) => {
    const messageId = await messageOne(ctx, params.id, body);
    Object.assign(audit, { targetType: 'member', targetId: params.id, before: null, after: { messageId, title: body.title } });
    return { messageId };
  }),
  handle(requestAdjustment, async ({ params, body, staff, ctx, audit }) => {
    const a = await adjustments.requestAdjustment(ctx, staff, params.id, body);
    Object.assign(audit, {
      targetType: 'adjustment',
      targetId: a.id,
      before: null,
      after: { memberId: a.memberId, amount: a.amount, state: a.state, ledgerId: a.ledgerId },
      reason: body.reason,
    });
    return a;
  }),
  handle(listAdjustments, async ({ query, ctx }) => adjustments.listAdjustments(ctx.db, query)),
  handle(approveAdjustment, async ({ params, body, staff, ctx, audit }) => {
    const a = await adjustments.approveAdjustment(ctx, params.id, staff);
    Object.assign(audit, {
      targetType: 'adjustment',
      targetId: a.id,
      before: { state: 'pending' },
      after: { memberId: a.memberId, amount: a.amount, state: a.state, ledgerId: a.ledgerId },
      reason: body.reason ?? a.reason,
    });
    return a;
  }),
  handle(rejectAdjustment, async ({ params, body, staff, ctx, audit }) => {
    const a = await adjustments.rejectAdjustment(ctx, params.id, staff, body.reason);
    Object.assign(audit, {
      targetType: 'adjustment',
      targetId: a.id,
      before: { state: 'pending' },
      after: { memberId: a.memberId, amount: a.amount, state: a.state },
      reason: body.reason,
    });
    return a;
  }),
];
