/**
 * The ranking for a fresh `npm start` (SEED_DEMO): six answering-tips articles written from what
 * our quality rules flag (server/modules/polls/quality.ts: random open answers, duplicated data,
 * logic errors, trap questions, implausible answers), and demo members with this week's and this
 * month's earnings posted to the points ledger (bulk.ts: the rows, balances and the board's
 * aggregate as `credit` keeps them). Seeded once per database: a kv marker claimed in the same
 * transaction as the rows.
 */
import { members } from '../db/schema';
import type { AppContext } from '../context';
import type { Tx } from '../kernel/db';
import { DAY_MS } from '../kernel/time';
import { periodStart } from '../modules/points/earned';
import { publishTip, type TipInput } from '../modules/ranking/tips';
import { postPointsCredits, type PointsCredit } from './bulk';
import { claimSeed } from './marker';

const MARKER = 'seed:ranking-demo';

export const demoTips: TipInput[] = [
  {
    title: '开放题怎么答才算认真',
    summary: '写出自己的真实想法和具体细节，比凑字数有用得多',
    content: `<p>开放题是客户最看重的部分，也是系统最容易判断你是否认真作答的地方。下面这些回答会被标记为<strong>随意作答</strong>：</p>
<ul><li>重复的字或词：「啊啊啊啊」「不知道不知道不知道」</li><li>键盘乱按：「asdfgh」「sdfjkl」</li><li>只填数字或标点：「111」「。。。」</li><li>把题目原样抄一遍</li></ul>
<p>好的回答不需要很长，但要具体。比如问「你为什么选择这款手机」，与其写「好用」，不如写「电池能撑一整天，拍夜景比上一部清楚」。</p>
<p>确实没有想法时，可以如实写「没有特别的原因，主要是朋友推荐」，真实比华丽更重要。</p>`,
  },
  {
    title: '读完题目再作答：别掉进「注意力题」',
    summary: '有些题会直接告诉你该选哪一项，读完再选就不会错',
    content: `<p>为了确认大家在认真读题，问卷里会穿插少量<strong>注意力题</strong>，例如：</p>
<blockquote>本题用于检查作答质量，请直接选择「比较同意」。</blockquote>
<p>这类题没有对错之分，只看你是否按要求选择。没有按要求作答，这份问卷会被判定为<strong>陷阱题未通过</strong>，奖励会相应减少，答题质量也会受影响。</p>
<p>小建议：</p><ul><li>每道题先读完题干和全部选项再选，不要只看前半句；</li><li>矩阵题（一排排同样的选项）最容易「一路点同一列」，放慢一点；</li><li>手机上作答时，注意选项是否需要向下滑动才能看全。</li></ul>`,
  },
  {
    title: '前后回答要一致',
    summary: '问卷会从不同角度问同一件事，前后矛盾会被判为逻辑错误',
    content: `<p>问卷常常会换个说法再确认一次你的情况。例如前面选了「没有养宠物」，后面却选了「每月宠物食品花费 200 元以上」，这两个回答互相矛盾，会被判为<strong>逻辑错误</strong>。</p>
<p>避免的办法很简单：</p><ul><li>按自己的真实情况回答，前后自然一致；</li><li>遇到和前面相关的题，可以回想一下自己之前选了什么；</li><li>确实选错了，在提交前返回修改（允许返回的问卷可以改）。</li></ul>
<p>注意：提交后就不能再改了，提交前花几秒检查一遍很值得。</p>`,
  },
  {
    title: '没听说过的品牌，就选「不知道」',
    summary: '问卷里可能有并不存在的选项，如实选择才不会被判不合理',
    content: `<p>在品牌认知类的题目里，客户有时会放入一两个<strong>现实中并不存在的品牌</strong>，用来检验回答是否真实。如果你选了「听说过」或「用过」这个品牌，问卷会被判为<strong>认知不合理</strong>。</p>
<p>所以：</p><ul><li>没听说过的，就大方地选「没听说过」或「不知道」；</li><li>不要为了显得见多识广而多选，多选不会多得微豆；</li><li>拿不准时，选「不确定」比猜一个更好。</li></ul>
<p>诚实的回答，才是客户真正需要的数据。</p>`,
  },
  {
    title: '一人一份，不要重复提交',
    summary: '同一份问卷只答一次；和别人相同的答案或共用设备都可能被判为重复',
    content: `<p>每份问卷每位会员只能参与一次。以下情况会被判为<strong>重复数据</strong>：</p>
<ul><li>和另一份答卷的全部答案完全相同（比如照抄家人朋友的答案）；</li><li>同一台设备上，用不同账号回答同一份问卷。</li></ul>
<p>家里几个人都是会员时，请各自用自己的手机作答，按自己的真实情况填写。重复数据不仅拿不到全额奖励，还会影响你的答题质量评价，严重时会限制参与任务。</p>`,
  },
  {
    title: '节奏刚好：不赶时间也不拖延',
    summary: '留出完整的时间一口气答完，比匆忙点完或中途离开都好',
    content: `<p>任务卡片上会写「约 N 分钟」，这是认真作答需要的大致时间。建议：</p>
<ul><li>选一个能专心几分钟的时候开始，不要在走路、开会时作答；</li><li>不要为了快而一路点第一个选项，这样的答卷很容易同时触发注意力题和逻辑错误；</li><li>中途长时间离开可能导致问卷超时，回来后就无法提交了。</li></ul>
<p>认真完成的问卷越多，你的答题质量越高，能参与的任务也会越多，在排行榜上的位置自然就上去了。</p>`,
  },
];

/** Demo members and what they earned: a few credits each, this week and earlier this month. */
export const DEMO_EARNERS = [
  '豆豆小满',
  '问卷达人阿杰',
  '晴天小鱼',
  '认真答题的猫',
  '橙子汽水',
  '林间小路',
  '周末读书人',
  '青柠',
  '星河滚烫',
  '早起的鸟',
  '南山南',
  '可乐加冰',
  '小熊软糖',
  '风一样的女子',
  '老王爱调研',
  '一只柚子',
  '云朵棉花糖',
  '暖阳',
  '海边的风',
  '番茄炒蛋',
];
const REASONS = [
  { reason: 'task', source: '消费习惯调研' },
  { reason: 'task', source: '手机使用体验问卷' },
  { reason: 'checkin', source: '每日签到' },
  { reason: 'invite', source: '邀请好友注册' },
  { reason: 'task', source: '家庭饮食偏好调查' },
];

/** The member code of the i-th demo earner (0-based). */
export const demoEarnerCode = (i: number) => `RK${String(i + 1).padStart(6, '0')}`;

async function seedEarners(tx: Tx, now: number): Promise<void> {
  const weekStart = Date.parse(`${periodStart('week', now)}T00:00:00+08:00`);
  const monthStart = Date.parse(`${periodStart('month', now)}T00:00:00+08:00`);
  const created = await tx
    .insert(members)
    .values(
      DEMO_EARNERS.map((nickname, i) => ({
        nickname,
        memberCode: demoEarnerCode(i),
        inviteCode: `I${demoEarnerCode(i)}`,
        createdAt: new Date(monthStart - 30 * DAY_MS),
      })),
    )
    .returning({ id: members.id, code: members.memberCode });
  const idOf = new Map(created.map((m) => [m.code, m.id]));
  // Earlier members earn more; a credit lands every few hours from the month's (or week's) start.
  // Posted in one go (bulk.ts), in the order and with the keys the ledger would get them one by one.
  const credits: PointsCredit[] = DEMO_EARNERS.flatMap((_, i) => {
    const code = demoEarnerCode(i);
    return Array.from({ length: 3 + ((DEMO_EARNERS.length - i) % 7) }, (_, n) => {
      const from = n % 2 === 0 ? weekStart : monthStart;
      const r = REASONS[(i + n) % REASONS.length]!;
      return {
        memberId: idOf.get(code)!,
        amount: 40 + (((DEMO_EARNERS.length - i) * 37 + n * 23) % 260),
        reason: r.reason,
        source: r.source,
        idempotencyKey: `demo-ranking:${code}:${n}`,
        at: Math.min(now - 60_000, from + ((i * 7 + n * 13) % 40) * 3_600_000),
      };
    });
  });
  await postPointsCredits(tx, credits);
}

/** Seed the tips and the demo earners once. Returns how many articles it created (0 when seeded before). */
export async function seedDemoRanking(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx: Tx) => {
    if (!(await claimSeed(tx, MARKER, now))) return 0;
    for (const [i, tip] of demoTips.entries()) await publishTip({ ...ctx, db: tx }, { ...tip, sort: (i + 1) * 10 });
    await seedEarners(tx, now);
    return demoTips.length;
  });
}
