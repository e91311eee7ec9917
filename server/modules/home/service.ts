/**
 * What /home prompts when it loads (`/v1/home/check`), all of it the caller's own state: the
 * personal questionnaire, a bound mobile, today's check-in, unread notices and messages, and a
 * screen message waiting to be shown.
 */
import type { z } from 'zod';
import type { HomeCheck } from '../../../openapi/schemas/home';
import type { AppContext } from '../../context';
import { memberRow } from '../auth/accounts';
import { checkedInOn } from '../checkin/service';
import { unreadNoticeCount } from '../notices/service';
import { unreadMessages } from '../messages/inbox';
import { pendingScreenMessage } from '../messages/screen';
import { isCompleted } from '../profile/basicSurvey';

type HomeCheckData = z.output<typeof HomeCheck>;

export async function homeCheck(ctx: AppContext, memberId: number): Promise<HomeCheckData> {
  const now = ctx.now();
  const member = await memberRow(ctx, memberId);
  return {
    basicSurveyDone: await isCompleted(ctx.db, memberId),
    mobileBound: member.mobile !== null,
    checkedInToday: await checkedInOn(ctx.db, memberId, now),
    unreadNotices: await unreadNoticeCount(ctx.db, memberId, now),
    newMessage: (await unreadMessages(ctx.db, memberId)) > 0,
    hasScreenMessage: (await pendingScreenMessage(ctx.db, memberId, now)) !== null,
  };
}
