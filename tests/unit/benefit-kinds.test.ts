/**
 * No benefit a member can hold leads nowhere: every kind has a page where it is used, its card
 * says where (去选任务使用 / 去兑换 / 去抽奖), and the place it leads to offers it: boost and
 * early-access cards on a task that fits them (here; tests/e2e/benefit-cards.spec.ts end to end),
 * coupons in the redeem dialog (tests/machines/exchange.test.ts), spins on the wheel
 * (tests/e2e/lottery.spec.ts). A new kind fails here until it has a page.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BenefitKind, BenefitStatus } from '../../openapi/enums';
import { benefitUseLink } from '../../src/components/benefits/format';
import { isRouted } from '../../src/routing/paths';

const call = vi.fn();
vi.mock('../../src/api', () => ({
  quietApi: { call: (...args: unknown[]) => call(...args) },
  api: { call: (...args: unknown[]) => call(...args) },
}));

const { taskCardsOf } = await import('../../src/flows/taskCards');

type Kind = (typeof BenefitKind.list)[number];
/** Where each kind is used: the page its card links to. */
const USED_ON: Record<Kind, string> = {
  [BenefitKind.values.BOOST]: '/task',
  [BenefitKind.values.COUPON]: '/exchange',
  [BenefitKind.values.LOTTERY_SPIN]: '/lottery',
  [BenefitKind.values.EARLY_ACCESS]: '/task',
};

const holding = (id: number, kind: Kind) => ({
  id,
  benefitId: 100 + kind,
  name: `${BenefitKind.labels[kind]} #${id}`,
  kind,
  value: 10,
  status: BenefitStatus.values.UNUSED,
  expiresAt: null,
  usedOn: null,
});

beforeEach(() => call.mockReset());

describe('every benefit kind can be used from the site', () => {
  it.each(BenefitKind.list)('kind %i: its card links to a built page where it is used', (kind) => {
    const link = benefitUseLink(kind);
    expect(link, BenefitKind.labels[kind]).not.toBeNull();
    expect(link!.to).toBe(USED_ON[kind]);
    expect(isRouted(link!.to)).toBe(true);
    expect(link!.label).toMatch(/^去/);
  });

  it('a snap task about to open offers the early-access card, a task with points the boost card; coupons and spins stay where they belong', async () => {
    const now = Date.UTC(2026, 10, 29, 2, 0);
    call.mockResolvedValue({ owned: BenefitKind.list.map((k, i) => holding(i + 1, k)), catalogue: [] });
    const snap = await taskCardsOf({ id: 7, points: 800, snap: true, openAt: now + 30 * 60_000, finished: false }, now);
    expect(snap.usable.map((c) => c.kind).sort()).toEqual([BenefitKind.values.BOOST, BenefitKind.values.EARLY_ACCESS]);
    const plain = await taskCardsOf({ id: 8, points: 800, snap: false, openAt: 0, finished: false }, now);
    expect(plain.usable.map((c) => c.kind)).toEqual([BenefitKind.values.BOOST]);
    const done = await taskCardsOf({ id: 9, points: 800, snap: false, openAt: 0, finished: true }, now);
    expect(done.usable).toEqual([]);
  });
});
