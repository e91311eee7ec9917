/**
 * The caller's account (`/v1/users/account`): one read over the member row, points, credit,
 * real-name state, the basic questionnaire and the unread-message flag (modules/messages).
 */
import type { z } from 'zod';
import type { Account } from '../../../openapi/schemas/account';
import type { AppContext } from '../../context';
import { maskEmail } from '../../kernel/mask';
import { briefOf, memberRow } from '../auth/accounts';
import { creditOf, levelOf } from '../credits/ledger';
import { identityOf } from '../identity/service';
import { balanceOf } from '../points/ledger';
import { unreadMessages } from '../messages/inbox';
import { isCompleted } from '../profile/basicSurvey';

export type AccountData = z.output<typeof Account>;

/** The caller's account: profile, points, credit and level, real-name state, basic questionnaire. */
export async function accountOf(ctx: AppContext, memberId: number): Promise<AccountData> {
  const row = await memberRow(ctx, memberId);
  const unread = await unreadMessages(ctx.db, memberId);
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
