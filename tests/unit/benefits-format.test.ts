import { describe, expect, it } from 'vitest';
import {
  benefitEffect,
  benefitFigure,
  benefitUseLink,
  formatChange,
  formatYuan,
  holdingValidity,
  usedOnText,
} from '../../src/components/benefits/format';
import { claimHint, levelProgress, type CreditSummary } from '../../src/pages/credit/CreditView';
import { rewardLine, type InviteInfo } from '../../src/pages/home-invite/HomeInviteView';

/** The wording rules of the benefit pages: figures, effects, validity, level progress, refusals, invite rewards. */

const T = Date.UTC(2026, 10, 22, 1, 5); // 2026-11-22 09:05 Beijing

describe('benefit figures and effects', () => {
  it('shows each kind by its unit', () => {
    expect(benefitFigure({ kind: 1, value: 10, couponUnit: null, minSpend: null })).toBe('+10%');
    expect(benefitFigure({ kind: 2, value: 500, couponUnit: 'fen', minSpend: null })).toBe('¥5');
    expect(benefitFigure({ kind: 2, value: 250, couponUnit: 'fen', minSpend: null })).toBe('¥2.50');
    expect(benefitFigure({ kind: 2, value: 10, couponUnit: 'percent', minSpend: null })).toBe('减10%');
    expect(benefitFigure({ kind: 3, value: 3, couponUnit: null, minSpend: null })).toBe('3 次');
    expect(benefitFigure({ kind: 4, value: 30, couponUnit: null, minSpend: null })).toBe('30 分钟');
  });

  it('says what a coupon does, with or without a threshold', () => {
    expect(benefitEffect({ kind: 2, value: 500, couponUnit: 'fen', minSpend: 2000 })).toBe(
      '兑换时抵扣 ¥5（少付 500 微豆），商品满 2000 微豆可用',
    );
    expect(benefitEffect({ kind: 2, value: 10, couponUnit: 'percent', minSpend: null })).toBe(
      '兑换时少付 10% 微豆，无门槛',
    );
  });

  it('links an unused benefit to where it is used (lottery spins: the lucky wheel, now routed)', () => {
    expect(benefitUseLink(2)?.to).toBe('/exchange');
    expect(benefitUseLink(1)?.to).toBe('/task');
    expect(benefitUseLink(3)).toEqual({ to: '/lottery', label: '去抽奖' });
  });

  it('formats money and changes', () => {
    expect(formatYuan(1000)).toBe('¥10');
    expect(formatChange(30)).toBe('+30');
    expect(formatChange(-30)).toBe('−30');
  });
});

describe('validity and use of a held benefit', () => {
  const base = { status: 0, expiresAt: null, usedAt: null } as const;
  it('unused: until when, or forever', () => {
    expect(holdingValidity(base)).toBe('长期有效');
    expect(holdingValidity({ ...base, expiresAt: T })).toBe('有效期至 2026-11-22');
  });
  it('used and expired say when', () => {
    expect(holdingValidity({ status: 1, expiresAt: T, usedAt: T })).toBe('2026-11-22 09:05 已使用');
    expect(holdingValidity({ status: 2, expiresAt: T, usedAt: null })).toBe('2026-11-22 已过期');
  });
  it('a used boost card waits for the task credit, then tells what it brought', () => {
    const used = {
      kind: 1 as const,
      status: 1 as const,
      usedOn: { type: 'task' as const, id: 9 },
      appliedAt: null,
      effect: null,
    };
    expect(usedOnText(used)).toBe('用于任务 #9，待任务入账后生效');
    expect(
      usedOnText({
        ...used,
        appliedAt: T,
        effect: { extraPoints: 20, discount: null, discountPoints: null, spins: null, earlyMinutes: null },
      }),
    ).toBe('用于任务 #9，多得 20 微豆');
    expect(usedOnText({ ...used, usedOn: null })).toBeNull();
  });
});

describe('credit level progress and claim hints', () => {
  const summary: CreditSummary = {
    value: 120,
    level: 1,
    levelName: '青铜会员',
    nextLevelValue: 300,
    totalEarned: 200,
    expiringValue: 0,
    expiringAt: null,
    levels: [
      { level: 0, name: '新手会员', minValue: 0 },
      { level: 1, name: '青铜会员', minValue: 100 },
      { level: 2, name: '白银会员', minValue: 300 },
    ],
  };
  it('measures from this level to the next', () => {
    expect(levelProgress(summary)).toBe(50);
    expect(levelProgress({ ...summary, nextLevelValue: null })).toBe(100);
  });
  const benefit = {
    id: 1,
    kind: 1 as const,
    name: '加成卡',
    description: '',
    icon: null,
    value: 10,
    couponUnit: null,
    minSpend: null,
    creditCost: 200,
    minLevel: 0,
    validDays: 7,
    stock: null,
    limitPerMember: null,
    claimable: false,
    claimBlocker: null,
    ownedCount: 0,
  };
  it("prefers the server's reason, else works one out", () => {
    expect(claimHint({ ...benefit, claimable: true }, summary)).toBeNull();
    expect(claimHint({ ...benefit, claimBlocker: '已达到每人领取上限' }, summary)).toBe('已达到每人领取上限');
    expect(claimHint({ ...benefit, stock: 0 }, summary)).toBe('已领完');
    expect(claimHint({ ...benefit, minLevel: 2 }, summary)).toBe('Lv.2 及以上可领');
    expect(claimHint(benefit, summary)).toBe('还差 80 权益值');
  });
});

describe('invite reward line', () => {
  const info: InviteInfo = {
    inviteCode: 'AB12',
    inviteUrl: 'https://www.weidou.cn/app/invite?code=AB12',
    invitedCount: 0,
    activeCount: 0,
    rewardPoints: 0,
    rewardCredit: 0,
    registerReward: 50,
    inviterReward: 200,
    activeCredit: 30,
    inviteeReward: 0,
    withheldCount: 0,
    rules: [],
  };
  it('names every reward there is', () => {
    expect(rewardLine(info)).toBe('好友注册你得 50 微豆；好友完成首个有效任务你再得 200 微豆和 30 权益值。');
    expect(rewardLine({ ...info, registerReward: 0, activeCredit: 0, inviteeReward: 100 })).toBe(
      '好友完成首个有效任务你得 200 微豆；好友注册即得 100 新人微豆。',
    );
  });
});
