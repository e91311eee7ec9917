/**
 * Demo rewards for a fresh site (`SEED_DEMO`, default on; off under NODE_ENV=test): two cash, four
 * virtual (each with 20 `DEMO-…` codes, its stock) and two physical rewards, one of them for members
 * whose answer quality is 优秀 only. Runs once per database: a kv marker claimed in the same transaction as the
 * rows, so two processes starting together seed once, and rewards the operator changes later are
 * never touched again. Each has a picture of the site's own (public/rewards/), so a demo works offline;
 * a reward without one is drawn by its type (RewardCover).
 */
import { randomBytes } from 'node:crypto';
import { kv } from '../../db/schema';
import { rewardCodes, rewards } from '../../db/schema-exchange';
import type { ExchangeContext } from './redeem';
import type { RewardInputData } from './admin';
import { RewardInput } from './admin';
import type { Tx } from '../../kernel/db';

const MARKER = 'seed:exchange-demo';
const CODES_PER_VIRTUAL = 20;

const DEMO_REWARDS: readonly RewardInputData[] = [
  {
    type: 1,
    title: '5 元现金（支付宝 / 微信）',
    images: ['/rewards/cash-5.svg'],
    pointsCost: 500,
    faceValue: 500,
    stock: 1000,
    limitDaily: 1,
    sort: 10,
    description:
      '兑换后进入审核，审核通过后 1–3 个工作日内打款到你选择的支付宝或微信账号。\n现金兑换需先完成实名认证，收款账号的实名须与认证信息一致。',
  },
  {
    type: 1,
    title: '20 元现金（支付宝 / 微信）',
    images: ['/rewards/cash-20.svg'],
    pointsCost: 2000,
    faceValue: 2000,
    stock: 300,
    limitDaily: 1,
    sort: 20,
    description: '兑换后进入审核，审核通过后 1–3 个工作日内打款到你选择的支付宝或微信账号。\n每人每天限兑 1 次。',
  },
  {
    // Within reach after the newcomer welcome task (50 微豆): a new member can try the whole exchange.
    type: 2,
    title: '新人体验：视频会员 3 天卡（兑换码）',
    images: ['/rewards/video-3day.svg'],
    pointsCost: 50,
    faceValue: 300,
    limitTotal: 1,
    sort: 5,
    description:
      '新会员专享，每人限兑 1 次。审核通过后兑换码会显示在「兑换记录」里，请在视频网站的会员兑换页输入使用。',
  },
  {
    type: 2,
    title: '视频会员月卡（兑换码）',
    images: ['/rewards/video-month.svg'],
    pointsCost: 1500,
    faceValue: 1500,
    limitTotal: 3,
    sort: 30,
    description:
      '审核通过后兑换码会显示在「兑换记录」里，请在对应视频网站的会员兑换页输入使用。\n兑换码有效期以卡面说明为准。',
  },
  {
    type: 2,
    title: '10 元购物卡（卡密）',
    images: ['/rewards/shopping-card.svg'],
    pointsCost: 1000,
    faceValue: 1000,
    limitDaily: 2,
    sort: 40,
    description: '审核通过后卡号与密码会显示在「兑换记录」里，可在合作商城绑定使用。',
  },
  {
    type: 2,
    title: '咖啡兑换券（中杯）',
    images: ['/rewards/coffee.svg'],
    pointsCost: 600,
    faceValue: 1800,
    sort: 50,
    description: '审核通过后电子券码显示在「兑换记录」里，到店出示即可兑换一杯中杯咖啡。',
  },
  {
    type: 3,
    title: '微豆定制帆布袋',
    images: ['/rewards/tote.svg'],
    pointsCost: 800,
    faceValue: 2900,
    stock: 50,
    limitTotal: 1,
    sort: 60,
    description:
      '加厚帆布，容量大。审核通过后 7 个工作日内发货，快递单号会显示在「兑换记录」里。\n请先在个人中心填写收货地址。',
  },
  {
    type: 3,
    title: '304 不锈钢保温杯 500ml',
    images: ['/rewards/bottle.svg'],
    pointsCost: 3000,
    faceValue: 8900,
    stock: 20,
    limitTotal: 1,
    minQualityLevel: 3,
    sort: 70,
    description:
      '优秀答题者专享：答题质量达到「优秀」的会员可兑换。\n6 小时保温。审核通过后 7 个工作日内发货，偏远地区可能稍慢。',
  },
];

/** `DEMO-XXXX-XXXX`: visibly demo, never a real card. */
function demoCode(): string {
  const hex = randomBytes(4).toString('hex').toUpperCase();
  return `DEMO-${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/** Seed the demo rewards once; returns how many rewards were added (0 when already seeded). */
export async function seedDemoRewards(ctx: ExchangeContext): Promise<number> {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx: Tx) => {
    const claimed = await tx
      .insert(kv)
      .values({ key: MARKER, value: { at: at.getTime() }, updatedAt: at })
      .onConflictDoNothing()
      .returning({ key: kv.key });
    if (!claimed[0]) return 0;
    for (const input of DEMO_REWARDS) {
      const data = RewardInput.parse(input);
      const isVirtual = data.type === 2;
      const codes = isVirtual ? Array.from({ length: CODES_PER_VIRTUAL }, demoCode) : [];
      const [row] = await tx
        .insert(rewards)
        .values({ ...data, stock: isVirtual ? codes.length : data.stock, createdAt: at, updatedAt: at })
        .returning({ id: rewards.id });
      if (codes.length) {
        await tx
          .insert(rewardCodes)
          .values(codes.map((code) => ({ rewardId: row!.id, code, loadedBy: 'seed', createdAt: at })));
      }
    }
    return DEMO_REWARDS.length;
  });
}
