/**
 * The caller's account (`/v1/users/account`) and the unread-message flag: one read over the
 * member row, points, credit, real-name state and the basic questionnaire.
 */
import { and, count, eq, gte, isNull, ne, notExists, sql } from 'drizzle-orm';
import { members, messageInbox, messages } from '../../db/tables';
import type { z } from 'zod';
import type { Account } from '../../../openapi/schemas/account';
import type { AppContext } from '../../context';
import { maskEmail } from '../../kernel/mask';
import { briefOf, memberRow } from '../auth/accounts';
import { creditOf, levelOf } from '../credits/ledger';
import { identityOf } from '../identity/service';
import { balanceOf } from '../points/ledger';
import { isCompleted } from '../profile/basicSurvey';

export type AccountData = z.output<typeof Account>;

/**
 * Unread messages: the member's own inbox rows not yet read, plus broadcasts sent since the member
 * registered that have no read row of theirs (a broadcast is one row for everyone).
 */
export async function unreadMessages(ctx: AppContext, memberId: number): Promise<number> {
  const [own] = await ctx.db
    .select({ n: count() })
    .from(messageInbox)
    .innerJoin(messages, eq(messages.id, messageInbox.messageId))
    .where(and(eq(messageInbox.memberId, memberId), isNull(messageInbox.readAt), ne(messages.audience, 'all')));
  const [broadcast] = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.audience, 'all'),
        gte(messages.createdAt, sql`(select ${members.createdAt} from ${members} where ${members.id} = ${memberId})`),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(messageInbox)
            .where(and(eq(messageInbox.messageId, messages.id), eq(messageInbox.memberId, memberId))),
        ),
      ),
    );
  return (own?.n ?? 0) + (broadcast?.n ?? 0);
}

/** The caller's account: profile, points, credit and level, real-name state, basic questionnaire. */
export async function accountOf(ctx: AppContext, memberId: number): Promise<AccountData> {
  const row = await memberRow(ctx, memberId);
  const unread = await unreadMessages(ctx, memberId);
  const points = await balanceOf(ctx.db, memberId);
  const value = await creditOf(ctx.db, memberId);
  const identity = await identityOf(ctx.db, memberId);
  const surveyDone = await isCompleted(ctx.db, memberId);
  return {
    ...briefOf(row),
    email: maskEmail(row.email),
    hasPassword: row.passwordHash !== null,
    idVerifyState: (identity?.state ?? 0) as AccountData['idVerifyState'],
    points,
    credit: value.balance,
    level: levelOf(value.totalEarned).current.level,
    basicSurveyDone: surveyDone,
    newMessage: unread > 0,
    role: row.role,
    bbsRole: row.bbsRole as AccountData['bbsRole'],
  };
}
