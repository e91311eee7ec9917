import { Box, Flex } from '@chakra-ui/react';
import type { Decorator } from '@storybook/react-vite';
import type { MemberBenefit, CatalogueBenefit } from '../../src/components/benefits/format';
import { Sidebar } from '../../src/components/Sidebar';

/** Shared sample data of the benefit, credit, card and invite stories. */

/** 2026-11-22 09:05 Beijing. */
export const T = Date.UTC(2026, 10, 22, 1, 5);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const phone = { globals: { viewport: { value: 'phone' } } } as const;
export const desktop = { globals: { viewport: { value: 'desktop' } } } as const;

/** The /home layout around a view: sidebar on desktop, tabs on phones. */
export const homeArea =
  (activePath: string): Decorator =>
  (Story) => (
    <Box bg="gray.50" px={{ base: '4', md: '6' }} py={{ base: '0', md: '6' }} minH="100vh">
      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '6' }}>
        <Sidebar activePath={activePath} />
        <Box flex="1" minW="0" pb="6">
          <Story />
        </Box>
      </Flex>
    </Box>
  );

export const catalogue: CatalogueBenefit[] = [
  {
    id: 1,
    kind: 1,
    name: '微豆加成卡 +10%',
    description: '下一个有效任务入账时多得 10% 微豆',
    icon: null,
    value: 10,
    couponUnit: null,
    minSpend: null,
    creditCost: 30,
    minLevel: 0,
    validDays: 7,
    stock: null,
    limitPerMember: 3,
    claimable: true,
    claimBlocker: null,
    ownedCount: 1,
  },
  {
    id: 2,
    kind: 2,
    name: '5 元兑换折扣券',
    description: '兑换满 2000 微豆的商品可抵 5 元',
    icon: null,
    value: 500,
    couponUnit: 'fen',
    minSpend: 2000,
    creditCost: 50,
    minLevel: 1,
    validDays: 30,
    stock: 128,
    limitPerMember: 1,
    claimable: true,
    claimBlocker: null,
    ownedCount: 0,
  },
  {
    id: 3,
    kind: 3,
    name: '幸运大转盘 3 次',
    description: '增加 3 次抽奖机会',
    icon: null,
    value: 3,
    couponUnit: null,
    minSpend: null,
    creditCost: 200,
    minLevel: 0,
    validDays: null,
    stock: null,
    limitPerMember: null,
    claimable: false,
    claimBlocker: '权益值不足，还差 80',
    ownedCount: 0,
  },
  {
    id: 4,
    kind: 4,
    name: '抢答优先 30 分钟',
    description: '抢答任务开放前 30 分钟即可参与',
    icon: null,
    value: 30,
    couponUnit: null,
    minSpend: null,
    creditCost: 80,
    minLevel: 3,
    validDays: 14,
    stock: 0,
    limitPerMember: 1,
    claimable: false,
    claimBlocker: '权益等级需达到 Lv.3',
    ownedCount: 0,
  },
];

export const owned: MemberBenefit[] = [
  {
    id: 31,
    benefitId: 1,
    kind: 1,
    name: '微豆加成卡 +10%',
    value: 10,
    couponUnit: null,
    minSpend: null,
    source: 'claim',
    status: 0,
    obtainedAt: T - DAY,
    expiresAt: T + 6 * DAY,
    usedAt: null,
    usedOn: null,
    appliedAt: null,
    effect: null,
  },
  {
    id: 30,
    benefitId: 2,
    kind: 2,
    name: '5 元兑换折扣券',
    value: 500,
    couponUnit: 'fen',
    minSpend: 2000,
    source: 'grant',
    status: 0,
    obtainedAt: T - 2 * DAY,
    expiresAt: null,
    usedAt: null,
    usedOn: null,
    appliedAt: null,
    effect: null,
  },
  {
    id: 29,
    benefitId: 1,
    kind: 1,
    name: '微豆加成卡 +10%',
    value: 10,
    couponUnit: null,
    minSpend: null,
    source: 'claim',
    status: 1,
    obtainedAt: T - 9 * DAY,
    expiresAt: T - 2 * DAY,
    usedAt: T - 5 * DAY,
    usedOn: { type: 'task', id: 1024 },
    appliedAt: T - 4 * DAY,
    effect: { extraPoints: 20, discount: null, discountPoints: null, spins: null, earlyMinutes: null },
  },
  {
    id: 28,
    benefitId: 5,
    kind: 2,
    name: '9 折兑换券',
    value: 10,
    couponUnit: 'percent',
    minSpend: null,
    source: 'grant',
    status: 2,
    obtainedAt: T - 40 * DAY,
    expiresAt: T - 10 * DAY,
    usedAt: null,
    usedOn: null,
    appliedAt: null,
    effect: null,
  },
];

export const RULES_HTML =
  '<p>领取后 7 天内有效，过期作废。</p><ul><li>开始任务时选择使用，任务审核通过入账时额外多得 10% 微豆。</li><li>每个任务只能使用一张加成卡。</li></ul>';
