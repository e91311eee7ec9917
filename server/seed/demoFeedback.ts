/**
 * The demo member and their feedback tickets for a fresh `npm start` (SEED_DEMO), so the feedback
 * pages and the operators' queue have something real to show. Only with the SMS outbox (a local
 * setup: codes go to DATA_DIR/outbox.jsonl, never to a phone), so no deployed site gets an
 * account with a known password.
 *
 * The member (DEMO_MEMBER: log in with the password, or by SMS code from the outbox) gets three
 * tickets made through the same services as the API and `npm run ops`, on a backdated clock, so
 * every state change is a recorded move and every staff reply wrote its message:
 *
 * - 待确认: a survey that timed out (a participation of a demo survey task), answered by 客服小林;
 * - 待反馈: an Alipay binding that fails, where the operator asked for a screenshot;
 * - 已确认 and rated: a suggestion, answered, confirmed and rated by the member.
 *
 * Seeded once: when the demo member exists (a restart, or a second server that registered it
 * first) nothing more is seeded.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { FeedbackCategory, JoinResult, TaskType } from '../../openapi/enums';
import type { AppContext } from '../context';
import { participations, tasks } from '../db/schema-tasks';
import { isAppError } from '../http/errors';
import { DAY_MS } from '../kernel/time';
import { createMember, findMemberByMobile } from '../modules/auth/accounts';
import { confirmFeedback, createFeedback, rateFeedback } from '../modules/feedback/service';
import { processTicket, staffReply, takeTicket } from '../modules/feedback/staff';

export const DEMO_MEMBER = { mobile: '13800000000', password: 'weidou2030', nickname: '演示会员' } as const;

const STAFF = '客服小林';
const HOUR = 3_600_000;

/** A participation of the member in a demo survey, started at `startedAt` and timed out; its respondent id, or null. */
async function timedOut(ctx: AppContext, memberId: number, startedAt: number) {
  const [task] = await ctx.db
    .select({ id: tasks.id, timeoutMinutes: tasks.timeoutMinutes })
    .from(tasks)
    .where(and(eq(tasks.kind, 'survey'), eq(tasks.type, TaskType.values.QUESTIONNAIRE)))
    .orderBy(desc(tasks.sort))
    .limit(1);
  if (!task) return null;
  const expiresAt = new Date(startedAt + task.timeoutMinutes * 60_000);
  const [row] = await ctx.db
    .insert(participations)
    .values({
      taskId: task.id,
      memberId,
      respondentId: randomBytes(16).toString('base64url'),
      status: 'finished',
      joinResult: JoinResult.values.TIMED_OUT,
      settledBy: 'expiry',
      startedAt: new Date(startedAt),
      expiresAt,
      finishedAt: expiresAt,
    })
    .returning({ respondentId: participations.respondentId });
  return row!.respondentId;
}

/** Seed the demo member and their tickets. Returns how many tickets it created. */
export async function seedDemoFeedback(ctx: AppContext): Promise<number> {
  if (ctx.config.sms.provider !== 'outbox') return 0;
  if (await findMemberByMobile(ctx, DEMO_MEMBER.mobile)) return 0;
  const now = ctx.now();
  /** The app's context on a clock `ms` from now (negative: in the past). */
  const at = (ms: number): AppContext => ({ ...ctx, now: () => now + ms });
  let memberId: number;
  try {
    ({ id: memberId } = await createMember(at(-7 * DAY_MS), { ...DEMO_MEMBER }));
  } catch (err) {
    if (isAppError(err) && err.codeName === 'MOBILE_REGISTERED') return 0;
    throw err;
  }
  const C = FeedbackCategory.values;
  const request = () => randomBytes(12).toString('base64url');

  // 已确认, rated: a suggestion.
  const idea = await createFeedback(at(-6 * DAY_MS), memberId, {
    requestKey: request(),
    category: C.SUGGESTION,
    content: '希望任务列表可以按预计答题时长筛选。午休时间只想找 5 分钟以内的问卷，现在要一个个点进去看，有点麻烦。',
    images: [],
  });
  await takeTicket(at(-6 * DAY_MS + 2 * HOUR), idea.id, STAFF);
  await staffReply(
    at(-5 * DAY_MS),
    idea.id,
    STAFF,
    'answer',
    '感谢你的建议！按预计时长筛选任务的需求已经转给产品同事，会在后续版本中评估上线。在此之前，任务卡片上的「约 N 分钟」可以帮你快速判断时长。',
  );
  await confirmFeedback(at(-5 * DAY_MS + 3 * HOUR), memberId, idea.id);
  await rateFeedback(at(-5 * DAY_MS + 3 * HOUR), memberId, idea.id, { stars: 5, comment: '回复很及时，期待上线。' });

  // 待确认: a survey that timed out.
  const rid = await timedOut(ctx, memberId, now - 4 * DAY_MS);
  const survey = await createFeedback(at(-3 * DAY_MS), memberId, {
    requestKey: request(),
    category: C.TASK,
    content:
      '前几天答的问卷，最后提交时提示超时，任务记录里也显示「已超时」，没有拿到微豆。我中间只是接了个电话，请帮忙查一下。',
    images: [],
    ...(rid ? { rid } : {}),
  });
  await takeTicket(at(-3 * DAY_MS + HOUR), survey.id, STAFF);
  await processTicket(at(-2 * DAY_MS), survey.id, STAFF, '已向合作方调取你的答题记录');
  await staffReply(
    at(-1 * DAY_MS),
    survey.id,
    STAFF,
    'answer',
    '经核实，合作方记录的提交时间在开始答题 2 小时 6 分钟后，超过了这份问卷 120 分钟的作答时限，所以判为超时，这种情况无法补发微豆。建议开始答题后一次完成；中途需要离开时，回来后尽快提交。',
  );

  // 待反馈: the operator needs a screenshot.
  const binding = await createFeedback(at(-5 * HOUR), memberId, {
    requestKey: request(),
    category: C.ACCOUNT,
    content: '在个人中心绑定支付宝，扫码授权后一直提示「授权失败，请重试」，换了网络也不行。',
    images: [],
  });
  await takeTicket(at(-4 * HOUR), binding.id, STAFF);
  await staffReply(
    at(-3 * HOUR),
    binding.id,
    STAFF,
    'ask',
    '请提供一下出错页面的截图，并告诉我们你是用手机浏览器还是电脑操作的，方便我们排查原因。',
  );
  return 3;
}
