/**
 * Prize trials for a fresh `npm start` (SEED_DEMO): one trial open to apply (closes in 7 days;
 * applying needs the demo screener poll 'skin-screener' done, answered through its poll task) and
 * one already drawn (closed 3 days ago, applied to by the demo earners and the demo member, drawn
 * by the same `drawTrial` the round uses, so its result page verifies; winners report back through
 * the report poll made here — not a task, only winners answer it — for 200 微豆). Once per database.
 */
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { members } from '../db/schema';
import { prizeApplications } from '../db/schema-prize';
import { polls } from '../db/schema-tasks';
import { DAY_MS } from '../kernel/time';
import { findMemberByMobile } from '../modules/auth/accounts';
import { DEMO_POLLS, numbered } from '../modules/polls/demoPolls';
import { addTrial, drawTrial } from '../modules/prize/service';
import { claimSeed } from './marker';
import { DEMO_MEMBER } from './demoFeedback';
import { DEMO_EARNERS, demoEarnerCode } from './demoRanking';

const MARKER = 'seed:prize-demo';

/** The drawn demo trial's report-back questionnaire. */
const REPORT_POLL = {
  title: '降噪耳机试用报告',
  intro: '请根据收到耳机后的真实使用感受作答，约 2 分钟。',
  questions: [
    {
      id: 1,
      kind: 'single' as const,
      title: '收到的试用品包装是否完好？',
      required: true,
      options: numbered('完好', '轻微破损', '明显破损'),
    },
    {
      id: 2,
      kind: 'single' as const,
      title: '整体使用下来，你对这款耳机满意吗？',
      required: true,
      options: numbered('非常满意', '比较满意', '一般', '不满意'),
    },
    {
      id: 3,
      kind: 'multiple' as const,
      title: '你最喜欢它的哪些方面？（可多选）',
      required: true,
      options: numbered('降噪效果', '续航', '音质', '佩戴舒适', '外观'),
    },
    {
      id: 4,
      kind: 'text' as const,
      title: '说说你的使用感受或改进建议',
      required: true,
      minLength: 10,
      options: [],
    },
  ],
};

export async function seedDemoPrize(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const claimed = await ctx.db.transaction((tx) => claimSeed(tx, MARKER, now));
  if (!claimed) return 0;
  const screenerTitle = DEMO_POLLS.find((p) => p.key === 'skin-screener')!.title;
  const [screener] = await ctx.db.select({ id: polls.id }).from(polls).where(eq(polls.title, screenerTitle)).limit(1);
  const [report] = await ctx.db.insert(polls).values(REPORT_POLL).returning({ id: polls.id });
  await addTrial(ctx, {
    title: '水润保湿面霜 50ml 正装试用',
    summary: '适合干性与混合性肌肤，连续使用 14 天。\n中签后寄出正装一瓶，无需寄回。\n收到后请在站内完成使用反馈问卷。',
    images: ['/promo/prize-cream.svg'],
    units: 20,
    opensAt: now - 2 * DAY_MS,
    closesAt: now + 7 * DAY_MS,
    minQualityLevel: 0,
    screenerPollId: screener?.id ?? null,
  });
  const drawn = await addTrial(ctx, {
    title: '降噪蓝牙耳机 体验装',
    summary:
      '主动降噪、30 小时续航。\n中签会员请在结果页确认收货地址，我们将在 7 个工作日内寄出。\n收到后请在结果页填写试用报告，提交可得 200 微豆。',
    images: ['/promo/prize-earbuds.svg'],
    units: 3,
    opensAt: now - 10 * DAY_MS,
    closesAt: now - 3 * DAY_MS,
    minQualityLevel: 2,
    reportPollId: report!.id,
    reportPoints: 200,
  });
  const codes = DEMO_EARNERS.map((_, i) => demoEarnerCode(i));
  const applicants = await ctx.db.select({ id: members.id }).from(members).where(inArray(members.memberCode, codes));
  const me = await findMemberByMobile(ctx, DEMO_MEMBER.mobile);
  const ids = [...applicants.map((a) => a.id), ...(me ? [me.id] : [])];
  if (ids.length) {
    await ctx.db.insert(prizeApplications).values(
      ids.map((memberId, i) => ({
        trialId: drawn.id,
        memberId,
        createdAt: new Date(now - 9 * DAY_MS + i * 3_600_000),
      })),
    );
  }
  await drawTrial(ctx, drawn.id);
  return 2;
}
