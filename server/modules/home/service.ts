/**
 * What /home prompts when it loads (`/v1/home/check`), all of it the caller's own state: the
 * personal questionnaire, a bound mobile, today's check-in, unread notices and messages, and a
 * screen message waiting to be shown.
 */
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { HomeCheck } from '../../../openapi/schemas/home';
import type { AppContext } from '../../context';
import { screenMessageSeen, screenMessages } from '../../db/tables';
import type { Executor } from '../../kernel/db';
import { openAt } from '../../kernel/window';
import { unreadMessages } from '../account/service';
import { memberRow } from '../auth/accounts';
import { checkedInOn } from '../checkin/service';
import { unreadNoticeCount } from '../notices/service';
import { isCompleted } from '../profile/basicSurvey';

type HomeCheckData = z.output<typeof HomeCheck>;

/**
 * A screen message whose window is open at `now` that the member has not seen. (The messages
 * module, which shows and marks screen messages, owns this rule; this is the same condition.)
 */
async function hasPendingScreenMessage(db: Executor, memberId: number, now: number): Promise<boolean> {
  const [row] = await db
    .select({ id: screenMessages.id })
    .from(screenMessages)
    .where(
      and(
        openAt(
          { start: screenMessages.startAt, end: screenMessages.endAt, withdrawn: screenMessages.withdrawnAt },
          now,
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(screenMessageSeen)
            .where(
              and(eq(screenMessageSeen.screenMessageId, screenMessages.id), eq(screenMessageSeen.memberId, memberId)),
            ),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function homeCheck(ctx: AppContext, memberId: number): Promise<HomeCheckData> {
  const now = ctx.now();
  const member = await memberRow(ctx, memberId);
  return {
    basicSurveyDone: await isCompleted(ctx.db, memberId),
    mobileBound: member.mobile !== null,
    checkedInToday: await checkedInOn(ctx.db, memberId, now),
    unreadNotices: await unreadNoticeCount(ctx.db, memberId, now),
    newMessage: (await unreadMessages(ctx, memberId)) > 0,
    hasScreenMessage: await hasPendingScreenMessage(ctx.db, memberId, now),
  };
}
