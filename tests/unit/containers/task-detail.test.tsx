import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TaskDetailPage from '../../../src/pages/task-detail/TaskDetailPage';
import { ok, refuse, renderPage, server } from './harness';

vi.mock('../../../src/api/index', async (importOriginal) =>
  (await import('./harness')).withFakeApi(await importOriginal<object>()),
);

/** A detail container: `/task/detail/{id}` (getTask through useLoad). */

beforeEach(() => server.reset());
afterEach(() => expect(server.mismatches).toEqual([]));

describe('/task/detail/{id} container', () => {
  it('a task that does not exist is said once: on the page, not also in a toast', async () => {
    server.reply('getTask', refuse('NOT_FOUND', '任务不存在或已下线'));
    renderPage(<TaskDetailPage />, { url: '/task/detail/nope', path: '/task/detail/:id' });

    await screen.findByText('这个任务可能已经结束，去看看其他任务吧。');
    expect(server.toasts).toEqual([]);
  });

  it('a boost card the member holds is checked, confirmed and used on the task; the page then shows it on the task', async () => {
    let used = false;
    server.reply('getTask', ok(task));
    server.reply('listBenefits', () => ok({ credit: 40, level: 1, catalogue: [], owned: [used ? onTask : unused] }));
    server.reply('checkBenefit', ok({ usable: true, reason: null, effect: { ...noEffect, extraPoints: 12 } }));
    server.reply('useBenefit', () => {
      used = true;
      return ok({ memberBenefit: onTask, effect: { ...noEffect, extraPoints: 12 }, credit: 40 });
    });
    renderPage(<TaskDetailPage />, { url: '/task/detail/k3Xp9QaLm2Vd', path: '/task/detail/:id' });

    const cards = await screen.findByTestId('task-cards');
    expect(cards.textContent).toContain('完成本任务额外 +12 微豆');
    fireEvent.click(within(cards).getByRole('button', { name: '用在本任务' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('完成本任务后，额外获得 12 微豆，与任务微豆分开入账。');
    expect(server.callsOf('checkBenefit')[0]).toMatchObject({
      params: { id: '31' },
      body: { target: { type: 'task', id: 3 } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认使用' }));
    await screen.findByText('「任务加成卡 10%」已用在本任务，完成后额外 +12 微豆。');
    expect(server.callsOf('useBenefit')).toHaveLength(1);
    expect(server.callsOf('useBenefit')[0]!.body).toEqual({ memberBenefitId: 31, target: { type: 'task', id: 3 } });
    await screen.findByText('本任务已使用「任务加成卡 10%」：完成后额外获得 12 微豆；未完成时卡片退回「我的权益」');
    expect(server.toasts).toEqual([]);
  });

  it('a card bought with 权益值 is allowed, confirmed and used in one step (useBenefitValue)', async () => {
    server.reply('getTask', ok(task));
    server.reply('listBenefits', ok({ credit: 40, level: 1, catalogue: [catalogueBoost], owned: [] }));
    server.reply('allowBenefit', ok({ allowed: true, reason: null, creditCost: 30, credit: 40 }));
    server.reply(
      'useBenefitValue',
      ok({ memberBenefit: onTask, effect: { ...noEffect, extraPoints: 36 }, credit: 10 }),
    );
    renderPage(<TaskDetailPage />, { url: '/task/detail/k3Xp9QaLm2Vd', path: '/task/detail/:id' });

    fireEvent.click(await screen.findByRole('button', { name: '兑换并使用' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('完成本任务后，额外获得 36 微豆，与任务微豆分开入账。');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认花 30 权益值使用' }));
    await screen.findByText(/已用在本任务，完成后额外 \+36 微豆。/);
    expect(server.callsOf('useBenefitValue')[0]!.body).toEqual({ benefitId: 6, target: { type: 'task', id: 3 } });
    expect(server.callsOf('useBenefit')).toHaveLength(0);
  });

  it('a card the server refuses says why in the dialog, once, and is not used', async () => {
    server.reply('getTask', ok(task));
    server.reply('listBenefits', ok({ credit: 40, level: 1, catalogue: [], owned: [unused] }));
    server.reply('checkBenefit', ok({ usable: false, reason: '该任务已结束，不能使用', effect: null }));
    renderPage(<TaskDetailPage />, { url: '/task/detail/k3Xp9QaLm2Vd', path: '/task/detail/:id' });

    fireEvent.click(await screen.findByRole('button', { name: '用在本任务' }));
    await screen.findByText('该任务已结束，不能使用');
    expect(server.callsOf('useBenefit')).toHaveLength(0);
    expect(server.toasts).toEqual([]);
  });
});

const noEffect = { extraPoints: null, discount: null, discountPoints: null, spins: null, earlyMinutes: null };
const task = {
  id: 3,
  hashId: 'k3Xp9QaLm2Vd',
  title: '智能家居使用习惯调研',
  type: 2,
  module: 0,
  kind: 'survey',
  points: 120,
  screenOutPoints: 10,
  quotaFullPoints: 5,
  minutes: 10,
  devices: [1, 2],
  remaining: 50,
  openAt: Date.UTC(2026, 0, 1),
  endAt: null,
  cover: null,
  minQualityLevel: 0,
  mine: null,
  earlyMinutes: 0,
  description: '说明',
  rules: [],
  canStart: true,
  block: null,
  blockMessage: null,
};
const unused = {
  id: 31,
  benefitId: 5,
  kind: 1,
  name: '任务加成卡 10%',
  value: 10,
  couponUnit: null,
  minSpend: null,
  source: 'claim',
  status: 0,
  obtainedAt: Date.UTC(2026, 10, 1),
  expiresAt: null,
  usedAt: null,
  usedOn: null,
  appliedAt: null,
  effect: null,
};
const onTask = { ...unused, status: 1, usedAt: Date.UTC(2026, 10, 2), usedOn: { type: 'task', id: 3 } };
const catalogueBoost = {
  id: 6,
  kind: 1,
  name: '30% 微豆加成卡',
  description: '用在一个任务上，完成并入账时额外多得 30% 微豆',
  icon: null,
  value: 30,
  couponUnit: null,
  minSpend: null,
  creditCost: 30,
  minLevel: 0,
  validDays: 7,
  stock: null,
  limitPerMember: null,
  claimable: true,
  claimBlocker: null,
  ownedCount: 0,
};
