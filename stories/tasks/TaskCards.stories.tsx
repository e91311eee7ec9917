import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TaskCardsView } from '../../src/components/benefits/TaskCards';
import { desktop, phone } from '../layout';
import { button, hidden, presses, shows } from '../play';
import { NOW } from './fixtures';

/**
 * The task page's cards (加成卡, 抢答优先; src/components/benefits/TaskCards.tsx): a card the member
 * holds or can buy with 权益值, a card on the task (waiting, paid, early access), and every step of
 * the use dialog (machines/benefitUse.ts).
 */

const meta = {
  title: 'Tasks/TaskCards',
  component: TaskCardsView,
  parameters: { route: '/task/detail/k3Xp9QaLm2Vd' },
  args: {
    points: 120,
    openAt: NOW + 3_600_000,
    usable: [],
    onTask: [],
    flow: {
      step: 'idle',
      card: null,
      effect: null,
      reason: null,
      error: null,
      busy: false,
      canConfirm: false,
      canCancel: false,
      canRetry: false,
      canClose: false,
    },
    onUse: fn(),
    onConfirm: fn(),
    onCancel: fn(),
    onRetry: fn(),
    onClose: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TaskCardsView>;

export default meta;
type Story = StoryObj<typeof meta>;

const boostCard = {
  from: 'held' as const,
  id: 31,
  name: '任务加成卡 10%',
  kind: 1,
  value: 10,
  creditCost: 0,
  expiresAt: NOW + 30 * 86_400_000,
};
const boughtCard = {
  from: 'credit' as const,
  id: 6,
  name: '30% 微豆加成卡',
  kind: 1,
  value: 30,
  creditCost: 30,
  expiresAt: null,
};
const earlyCard = {
  from: 'held' as const,
  id: 32,
  name: '抢答优先 30 分钟',
  kind: 4,
  value: 30,
  creditCost: 0,
  expiresAt: null,
};
const held = (over: object) => ({
  id: 31,
  benefitId: 5,
  kind: 1 as const,
  name: '任务加成卡 10%',
  value: 10,
  couponUnit: null,
  minSpend: null,
  source: 'claim' as const,
  status: 1 as const,
  obtainedAt: NOW - 86_400_000,
  expiresAt: null,
  usedAt: NOW - 60_000,
  usedOn: { type: 'task' as const, id: 3 },
  appliedAt: null,
  effect: null,
  ...over,
});
const idleFlow = {
  step: 'idle' as const,
  card: null,
  effect: null,
  reason: null,
  error: null,
  busy: false,
  canConfirm: false,
  canCancel: false,
  canRetry: false,
  canClose: false,
};

export const CardsUsable: Story = {
  ...desktop,
  args: { usable: [boostCard], onTask: [], flow: idleFlow, onUse: fn() },
  play: presses('用在本任务', 'onUse', '任务加成卡 10%', '完成本任务额外 +12 微豆 · 2026-12-22 前有效'),
};

export const CardsUsablePhone: Story = { ...phone, ...CardsUsable };

export const CardBoostOnTask: Story = {
  args: { usable: [boostCard], onTask: [held({})], flow: idleFlow },
  play: shows(
    '本任务已使用「任务加成卡 10%」：完成后额外获得 12 微豆；未完成时卡片退回「我的权益」',
    hidden('用在本任务'),
  ),
};

export const CardBoostPaid: Story = {
  args: {
    usable: [],
    onTask: [
      held({
        appliedAt: NOW,
        effect: { extraPoints: 12, discount: null, discountPoints: null, spins: null, earlyMinutes: null },
      }),
    ],
    flow: idleFlow,
  },
  play: shows('本任务已使用「任务加成卡 10%」，多得 12 微豆已到账'),
};

export const CardEarlyAccess: Story = {
  args: {
    usable: [],
    onTask: [held({ id: 32, kind: 4, name: '抢答优先 30 分钟', value: 30, appliedAt: NOW })],
    flow: idleFlow,
  },
  play: shows(/本任务已使用「抢答优先 30 分钟」：你可以提前 30 分钟参加/),
};

const flow = (over: object) => ({ ...idleFlow, card: boostCard, ...over });

export const UseChecking: Story = {
  args: { usable: [boostCard], onTask: [], flow: flow({ step: 'checking', busy: true }) },
  play: shows('使用「任务加成卡 10%」', '正在确认这张卡能否用在本任务…'),
};

export const UseConfirming: Story = {
  args: {
    usable: [boostCard],
    onTask: [],
    flow: flow({
      step: 'confirming',
      effect: { extraPoints: 12, earlyMinutes: null },
      canConfirm: true,
      canCancel: true,
    }),
    onConfirm: fn(),
  },
  play: presses('确认使用', 'onConfirm', '完成本任务后，额外获得 12 微豆，与任务微豆分开入账。', button('再想想')),
};

export const UseConfirmingEarly: Story = {
  args: {
    usable: [earlyCard],
    onTask: [],
    flow: flow({
      card: earlyCard,
      step: 'confirming',
      effect: { extraPoints: null, earlyMinutes: 30 },
      canConfirm: true,
      canCancel: true,
    }),
  },
  play: shows('本抢答任务对你提前 30 分钟开放。', '卡片用后不退；任务开始前都有效。'),
};

export const UseUsing: Story = {
  args: {
    usable: [boostCard],
    onTask: [],
    flow: flow({ step: 'using', busy: true, effect: { extraPoints: 12, earlyMinutes: null } }),
  },
  play: shows(button('使用中…', 'disabled')),
};

export const UseDone: Story = {
  args: {
    usable: [],
    onTask: [held({})],
    flow: flow({ step: 'used', effect: { extraPoints: 12, earlyMinutes: null }, canClose: true }),
    onClose: fn(),
  },
  play: presses('去做任务', 'onClose', '「任务加成卡 10%」已用在本任务，完成后额外 +12 微豆。'),
};

export const UseRefused: Story = {
  args: {
    usable: [boostCard],
    onTask: [],
    flow: flow({ step: 'refused', reason: '你已参与过该任务，不能再使用', canClose: true }),
  },
  play: shows('这张卡不能用在本任务', '你已参与过该任务，不能再使用', button('知道了')),
};

export const UseFailed: Story = {
  args: {
    usable: [boostCard],
    onTask: [],
    flow: flow({ step: 'failed', error: '网络错误，请稍后重试', canRetry: true, canClose: true }),
    onRetry: fn(),
  },
  play: presses('重试', 'onRetry', '使用失败', '重试时会先确认这张卡的状态，不会用掉两张卡。'),
};

/** A card of the catalogue bought with 权益值 and used in one step (useBenefitValue). */
export const CardsBuyWithCredit: Story = {
  args: { usable: [boughtCard], onTask: [], flow: idleFlow, onUse: fn() },
  play: presses('兑换并使用', 'onUse', '30% 微豆加成卡', '完成本任务额外 +36 微豆 · 花 30 权益值'),
};

export const UseConfirmingWithCredit: Story = {
  args: {
    usable: [boughtCard],
    onTask: [],
    flow: flow({
      card: boughtCard,
      step: 'confirming',
      effect: { extraPoints: 36, earlyMinutes: null },
      canConfirm: true,
      canCancel: true,
    }),
  },
  play: shows('将花 30 权益值领取这张卡并立即用在本任务。', button('确认花 30 权益值使用')),
};
